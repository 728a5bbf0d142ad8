import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateTokenSecret, hashesEqual, hashTokenSecret, TOKEN_PATTERN } from './token-secret.ts';

const EXPECTED_SHA256 = '8b7065e5701ddeafec1aa5be343a8d57e1706b0984ea5629851c4b990c23192a';

describe('token secrets', () => {
  it('are bwk_ + 40 base62 characters, all different', () => {
    const secrets = new Set(Array.from({ length: 2000 }, generateTokenSecret));
    assert.equal(secrets.size, 2000);
    for (const secret of secrets) assert.match(secret, /^bwk_[0-9A-Za-z]{40}$/);
    assert.ok(TOKEN_PATTERN.test([...secrets][0]!));
  });

  it('use every base62 character with roughly equal frequency (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++)
      for (const c of generateTokenSecret().slice(4)) counts.set(c, (counts.get(c) ?? 0) + 1);
    assert.equal(counts.size, 62);
    const expected = (2000 * 40) / 62;
    for (const [c, n] of counts)
      assert.ok(Math.abs(n - expected) < expected * 0.2, `${c}: ${n} vs ${expected}`);
  });

  it('are stored as SHA-256 hex and compared in constant time', () => {
    const hash = hashTokenSecret('bwk_example');
    // sha256("bwk_example"), computed independently with `printf bwk_example | sha256sum`.
    assert.equal(hash, EXPECTED_SHA256);
    assert.equal(hashTokenSecret('bwk_example'), hash);
    assert.ok(hashesEqual(hash, hashTokenSecret('bwk_example')));
    assert.ok(!hashesEqual(hash, hashTokenSecret('bwk_examplf')));
    assert.ok(!hashesEqual(hash, 'abcd'), 'different lengths are unequal, not an exception');
  });
});
