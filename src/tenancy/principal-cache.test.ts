import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PrincipalCache } from './principal-cache.ts';

const entry = (value: string) => ({ value, expiresAt: null });

describe('principal cache', () => {
  it('serves entries while the stamp stays, and drops all of them when it moves', async () => {
    let stamp: number | undefined = 7;
    const cache = new PrincipalCache<string>(() => stamp);
    const miss = await cache.lookup('a');
    assert.equal(miss.hit, undefined);
    cache.set('a', miss.generation, entry('alice'));
    assert.equal((await cache.lookup('a')).hit?.value, 'alice');
    assert.equal(cache.answersNow, true);
    assert.equal(cache.trustedNow('a')?.value, 'alice', 'without a barrier a hit needs no wait');
    stamp = 8;
    assert.equal(
      (await cache.lookup('a')).hit,
      undefined,
      'another process committed: everything is dropped',
    );
  });

  it('keeps nothing while the stamp is unknown', async () => {
    let stamp: number | undefined;
    const cache = new PrincipalCache<string>(() => stamp);
    const miss = await cache.lookup('a');
    assert.equal(miss.generation, undefined);
    cache.set('a', miss.generation, entry('alice'));
    assert.equal((await cache.lookup('a')).hit, undefined);
    stamp = 1;
    const again = await cache.lookup('a');
    cache.set('a', again.generation, entry('alice'));
    assert.equal((await cache.lookup('a')).hit?.value, 'alice');
    stamp = undefined;
    assert.equal(
      (await cache.lookup('a')).hit,
      undefined,
      'the listener was lost: the held entry is not served',
    );
  });

  it('does not store a load that started before an invalidation', async () => {
    const cache = new PrincipalCache<string>(() => 1);
    const before = await cache.lookup('a');
    cache.invalidate(); // e.g. the token was revoked while the miss was being loaded
    cache.set('a', before.generation, entry('stale'));
    assert.equal((await cache.lookup('a')).hit, undefined);
  });

  it('holds at most its limit, dropping the oldest entry first', async () => {
    const cache = new PrincipalCache<string>(() => 1, { limit: 2 });
    for (const key of ['a', 'b', 'c']) cache.set(key, (await cache.lookup(key)).generation, entry(key));
    const values = [];
    for (const key of ['a', 'b', 'c']) values.push((await cache.lookup(key)).hit?.value);
    assert.deepEqual(values, [undefined, 'b', 'c']);
  });

  it('with a barrier, serves a hit only after it, and not what a change heard during it dropped', async () => {
    let stamp = 1;
    const barriers: string[] = [];
    // The barrier's round trip brings the notification of a commit made elsewhere before the lookup.
    let heard = false;
    const cache = new PrincipalCache<string>(() => stamp, {
      barrier: async () => {
        barriers.push('passed');
        if (heard) stamp++;
        return true;
      },
    });
    const miss = await cache.lookup('a');
    assert.deepEqual(barriers, [], 'a miss reads the store: no barrier');
    cache.set('a', miss.generation, entry('alice'));
    assert.equal(cache.answersNow, false);
    assert.equal(cache.trustedNow('a'), undefined, 'no answer without the barrier');
    assert.equal((await cache.lookup('a')).hit?.value, 'alice');
    assert.deepEqual(barriers, ['passed']);
    heard = true;
    const after = await cache.lookup('a');
    assert.equal(after.hit, undefined, 'the revocation arrived with the barrier: dropped before serving');
    cache.set('a', after.generation, entry('reloaded'));
    heard = false;
    assert.equal((await cache.lookup('a')).hit?.value, 'reloaded');
  });

  it('a failed barrier is a miss that is not stored', async () => {
    const cache = new PrincipalCache<string>(() => 1, { barrier: async () => false });
    cache.set('a', (await cache.lookup('a')).generation, entry('alice'));
    const failed = await cache.lookup('a');
    assert.deepEqual(failed, { generation: undefined, hit: undefined });
  });
});
