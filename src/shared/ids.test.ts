import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hasPrefix, newId } from './ids.ts';

describe('ids', () => {
  it('are prefixed, 26 lowercase base32 characters, and sort by creation time', () => {
    const ids = Array.from({ length: 5000 }, () => newId('fnd'));
    for (const id of ids) assert.match(id, /^fnd_[0-9a-hjkmnp-tv-z]{26}$/);
    assert.deepEqual([...ids].sort(), ids, 'ids created later sort later, also within one millisecond');
    assert.equal(new Set(ids).size, ids.length);
    const early = newId('aud', Date.UTC(2020, 0, 1));
    const late = newId('aud', Date.UTC(2030, 0, 1));
    assert.ok(early < late);
  });

  it('checks prefixes', () => {
    assert.ok(hasPrefix('sbom_01abc', 'sbom'));
    assert.ok(!hasPrefix('sbom_', 'sbom'));
    assert.ok(!hasPrefix('vnd_01abc', 'sbom'));
  });
});
