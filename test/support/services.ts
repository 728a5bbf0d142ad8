// The optional services of the test run (PostgreSQL, Redis): whether they are there, and one announcement per
// run of what is skipped without them. With BULWARK_REQUIRE_SERVICES=1 (CI) an absent service fails instead.
import { connect } from 'node:net';
import { announceOnce } from './announce.ts';

export const REDIS_TEST_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const required = () => process.env.BULWARK_REQUIRE_SERVICES === '1';

/** Announces, once per run, that the PostgreSQL half of every dialect loop is skipped (no TEST_DATABASE_URL). */
export function announcePostgresAbsent(): void {
  if (required())
    throw new Error(
      'BULWARK_REQUIRE_SERVICES=1 but TEST_DATABASE_URL is not set: the PostgreSQL tests cannot run',
    );
  announceOnce(
    'postgres',
    'tests: TEST_DATABASE_URL is not set: every dialect loop runs SQLite only (the PostgreSQL half is skipped)',
  );
}

let redis: Promise<false | string> | undefined;

/**
 * The `skip` of a test that needs Redis at REDIS_URL (default redis://127.0.0.1:6379): false when it accepts
 * a connection, else the message (announced once per run).
 */
export function redisSkip(): Promise<false | string> {
  redis ??= new Promise<boolean>((done) => {
    const url = new URL(REDIS_TEST_URL);
    const sock = connect(Number(url.port || 6379), url.hostname);
    sock.once('connect', () => (sock.destroy(), done(true)));
    sock.once('error', () => done(false));
  }).then((up) => {
    if (up) return false;
    const message = `no Redis at ${REDIS_TEST_URL}: the tests that need it are skipped`;
    if (required()) throw new Error(`BULWARK_REQUIRE_SERVICES=1 but ${message}`);
    announceOnce('redis', `tests: ${message}`);
    return message;
  });
  return redis;
}
