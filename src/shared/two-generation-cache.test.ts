import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TwoGenerationCache } from './two-generation-cache.ts';

describe('TwoGenerationCache', () => {
  it('holds at most its bound, and keeps what was used since the last turnover', () => {
    const cache = new TwoGenerationCache<string, number>(4);
    cache.set('a', 1);
    assert.equal(cache.get('a'), 1);
    cache.set('b', 2); // young holds 2 = half: it becomes the old generation
    cache.set('c', 3);
    assert.equal(cache.get('a'), 1, 'read from the old generation, and moved to the young one');
    // That filled the young generation (c, a), which turned over: b, unused since, went with the old one.
    assert.equal(cache.size, 2);
    assert.equal(cache.get('b'), undefined);
    cache.set('d', 4);
    cache.set('e', 5); // young (d, e) turns over: the generation of c and a goes
    assert.equal(cache.get('c'), undefined);
    assert.equal(cache.get('a'), undefined);
    assert.equal(cache.get('d'), 4);
    assert.ok(cache.size <= 4);
  });

  it('answers undefined for a key never set, and nothing after clear', () => {
    const cache = new TwoGenerationCache<string, string>(10);
    assert.equal(cache.get('x'), undefined);
    cache.set('x', 'parsed');
    cache.set('y', 'other');
    cache.clear();
    assert.equal(cache.get('x'), undefined);
    assert.equal(cache.size, 0);
  });

  it('never holds more than its bound however many keys pass through', () => {
    const cache = new TwoGenerationCache<number, number>(100);
    for (let i = 0; i < 10_000; i++) {
      cache.set(i, i);
      if (i % 3 === 0) cache.get(i - 50);
      assert.ok(cache.size <= 100, `size ${cache.size} after ${i}`);
    }
    assert.equal(cache.get(9_999), 9_999);
  });
});
