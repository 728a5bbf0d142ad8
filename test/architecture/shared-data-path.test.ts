// The shared test data beside the repository is reached through one helper only (test/support/shared-data.ts),
// so that its skip, BULWARK_REQUIRE_SHARED_DATA and BULWARK_HIDE_SHARED_DATA hold for every test that reads it.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HELPER = 'test/support/shared-data.ts';

// The spellings below are assembled, so that this file does not itself name the data directory.
const DIR = 'shared' + '/data';
const PARTS = "'shared'" + ", 'data'";
const ABSOLUTE = '/work/' + 'shared';

/** A path to the data directory however it is spelt: slashed, as path parts, or absolute. */
export const NAMES_SHARED_DATA = /shared\/data|['"]shared['"]\s*,\s*['"]data['"]|\/work\/shared\b/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

describe('shared test data', () => {
  it('the pattern finds each spelling of the path and leaves src/shared/ alone', () => {
    const cases: [string, boolean][] = [
      [`new URL('../../../${DIR}/', import.meta.url)`, true],
      [`join(root, '..', ${PARTS})`, true],
      [`readFileSync('${ABSOLUTE}/data/osv/Go-all.zip')`, true],
      ["import { newId } from '../shared/ids.ts';", false],
      ['sharedDataPath(`schemas/${name}`)', false],
    ];
    assert.deepEqual(
      cases.map(([text]) => [text, NAMES_SHARED_DATA.test(text)]),
      cases,
    );
  });

  it(`no file under src/ or test/ but ${HELPER} names its path`, () => {
    const offenders = [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'test'))]
      .map((file) => relative(ROOT, file))
      .filter((file) => file !== HELPER)
      .filter((file) => NAMES_SHARED_DATA.test(readFileSync(join(ROOT, file), 'utf8')));
    assert.deepEqual(
      offenders,
      [],
      'reach the shared data through sharedDataPath()/sharedDataSkip() instead',
    );
  });
});
