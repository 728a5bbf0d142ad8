import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { missingServeFlags, SERVE_V8_FLAGS } from './serve-flags.ts';

describe('the server V8 flags (serve-flags.ts)', () => {
  it('are the memory reducer turned off', () => {
    assert.deepEqual(SERVE_V8_FLAGS, ['--no-memory-reducer']);
  });

  it('are missing until given either way, whatever else the process was started with', () => {
    assert.deepEqual(missingServeFlags([]), ['--no-memory-reducer']);
    assert.deepEqual(missingServeFlags(['--enable-source-maps', '--max-old-space-size=512']), [
      '--no-memory-reducer',
    ]);
    assert.deepEqual(missingServeFlags(['--no-memory-reducer']), []);
    // The operator's own choice is kept.
    assert.deepEqual(missingServeFlags(['--memory-reducer']), []);
    // Another flag whose name only starts the same is not it.
    assert.deepEqual(missingServeFlags(['--memory-reducer-for-small-heaps']), ['--no-memory-reducer']);
  });
});
