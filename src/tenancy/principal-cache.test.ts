import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PrincipalCache } from './principal-cache.ts';

const entry = (value: string) => ({ value, expiresAt: null });

describe('principal cache', () => {
  it('serves entries while the stamp stays, and drops all of them when it moves', () => {
    let stamp: number | undefined = 7;
    const cache = new PrincipalCache<string>(() => stamp);
    const miss = cache.get('a');
    assert.equal(miss.hit, undefined);
    cache.set('a', miss.generation, entry('alice'));
    assert.equal(cache.get('a').hit?.value, 'alice');
    stamp = 8;
    assert.equal(cache.get('a').hit, undefined, 'another process committed: everything is dropped');
  });

  it('keeps nothing while the stamp is unknown', () => {
    let stamp: number | undefined;
    const cache = new PrincipalCache<string>(() => stamp);
    const miss = cache.get('a');
    assert.equal(miss.generation, undefined);
    cache.set('a', miss.generation, entry('alice'));
    assert.equal(cache.get('a').hit, undefined);
    stamp = 1;
    const again = cache.get('a');
    cache.set('a', again.generation, entry('alice'));
    assert.equal(cache.get('a').hit?.value, 'alice');
    stamp = undefined;
    assert.equal(cache.get('a').hit, undefined, 'the listener was lost: the held entry is not served');
  });

  it('does not store a load that started before an invalidation', () => {
    const cache = new PrincipalCache<string>(() => 1);
    const before = cache.get('a');
    cache.invalidate(); // e.g. the token was revoked while the miss was being loaded
    cache.set('a', before.generation, entry('stale'));
    assert.equal(cache.get('a').hit, undefined);
  });

  it('holds at most its limit, dropping the oldest entry first', () => {
    const cache = new PrincipalCache<string>(() => 1, 2);
    for (const key of ['a', 'b', 'c']) cache.set(key, cache.get(key).generation, entry(key));
    assert.deepEqual(
      ['a', 'b', 'c'].map((key) => cache.get(key).hit?.value),
      [undefined, 'b', 'c'],
    );
  });
});
