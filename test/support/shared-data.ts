// The shared real-world test data beside the repository (../shared/data): where it is, and how tests that
// need it skip when it is absent (a fresh clone) or fail when BULWARK_REQUIRE_SHARED_DATA=1 (CI).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The data directory, as a URL ending in `/`. */
export const SHARED_DATA = new URL('../../../shared/data/', import.meta.url);

/** The one message every such skip carries. */
export const SHARED_DATA_ABSENT =
  'needs the real-world test data in ../shared/data (absent beside this clone); CI runs it (BULWARK_REQUIRE_SHARED_DATA=1)';

/**
 * The `skip` option of a test or suite that reads `parts` of the shared data (e.g. 'sboms', 'osv'): false when
 * they are present, the message when absent. With BULWARK_REQUIRE_SHARED_DATA=1 an absent part throws
 * instead, so the test file fails rather than skipping.
 */
export function sharedDataSkip(...parts: string[]): false | string {
  const missing = (parts.length === 0 ? [''] : parts).filter(
    (part) => !existsSync(new URL(part, SHARED_DATA)),
  );
  if (missing.length === 0) return false;
  if (process.env.BULWARK_REQUIRE_SHARED_DATA === '1') {
    throw new Error(
      `BULWARK_REQUIRE_SHARED_DATA=1 but the shared test data is missing: ${missing
        .map((part) => fileURLToPath(new URL(part, SHARED_DATA)))
        .join(', ')}`,
    );
  }
  return SHARED_DATA_ABSENT;
}
