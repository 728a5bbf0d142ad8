// The shared test data beside the repository is reached through one helper only (test/support/shared-data.ts),
// so that its skip, BULWARK_REQUIRE_SHARED_DATA and BULWARK_HIDE_SHARED_DATA hold for every test that reads it.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HELPER = 'test/support/shared-data.ts';

/** A path to the data directory however it is spelt: `shared/data`, `'shared', 'data'`, `/work/shared`. */
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
      ["new URL('../../../shared/data/', import.meta.url)", true],
      ["join(root, '..', 'shared', 'data')", true],
      ["readFileSync('/work/shared/data/osv/Go-all.zip')", true],
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
      // This test, and the helper's own test, name the path in their patterns and expected messages only.
      .filter(
        (file) =>
          file !== HELPER &&
          file !== 'test/architecture/shared-data-path.test.ts' &&
          file !== 'test/architecture/shared-data-helper.test.ts',
      )
      .filter((file) => NAMES_SHARED_DATA.test(readFileSync(join(ROOT, file), 'utf8')));
    assert.deepEqual(
      offenders,
      [],
      'reach the shared data through sharedDataPath()/sharedDataSkip() instead',
    );
  });
});
