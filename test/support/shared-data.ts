// The shared real-world test data beside the repository (../shared/data): where it is, and how tests that
// need it skip when it is absent (a fresh clone) or fail when BULWARK_REQUIRE_SHARED_DATA=1 (CI).
// This is the only file that names that path (test/architecture/shared-data-path.test.ts checks it).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { announceOnce } from './announce.ts';

/**
 * BULWARK_HIDE_SHARED_DATA=1 makes every test behave as on a fresh clone with nothing beside it, even when the
 * data is there: CI runs the suite once this way to prove a newcomer's first run is green.
 */
export const SHARED_DATA_HIDDEN = process.env.BULWARK_HIDE_SHARED_DATA === '1';

/**
 * The data directory, as a URL ending in `/`. Hidden, it names a directory that does not exist, so a test that
 * reads the data without its skip fails in CI as it would on a fresh clone (two once passed there, reading the
 * schemas that were only hidden by name).
 */
export const SHARED_DATA = new URL(
  SHARED_DATA_HIDDEN ? '../../../shared/hidden-by-BULWARK_HIDE_SHARED_DATA/' : '../../../shared/data/',
  import.meta.url,
);

/** The one message every such skip carries. */
export const SHARED_DATA_ABSENT = SHARED_DATA_HIDDEN
  ? 'needs the real-world test data in ../shared/data (hidden by BULWARK_HIDE_SHARED_DATA=1)'
  : 'needs the real-world test data in ../shared/data (absent beside this clone); CI runs it (BULWARK_REQUIRE_SHARED_DATA=1)';

/** A file or directory of the shared data as a path (directories end in `/`), e.g. `sharedDataPath('osv/Go-all.zip')`. */
export function sharedDataPath(part: string): string {
  return fileURLToPath(new URL(part, SHARED_DATA));
}

/**
 * The `skip` option of a test or suite that reads `parts` of the shared data (e.g. 'sboms', 'osv'): false when
 * they are present, the message when absent or hidden. With BULWARK_REQUIRE_SHARED_DATA=1 an absent part
 * throws instead, so the test file fails rather than skipping.
 */
export function sharedDataSkip(...parts: string[]): false | string {
  const missing = (parts.length === 0 ? [''] : parts).filter(
    (part) => !existsSync(new URL(part, SHARED_DATA)),
  );
  if (missing.length === 0) return false;
  if (process.env.BULWARK_REQUIRE_SHARED_DATA === '1') {
    throw new Error(
      `BULWARK_REQUIRE_SHARED_DATA=1 but the shared test data is ${SHARED_DATA_HIDDEN ? 'hidden (BULWARK_HIDE_SHARED_DATA=1)' : 'missing'}: ${missing
        .map((part) => sharedDataPath(part))
        .join(', ')}`,
    );
  }
  announceOnce('shared-data', `tests: skipping the tests that need ../shared/data: ${SHARED_DATA_ABSENT}`);
  return SHARED_DATA_ABSENT;
}
