import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { turnTaker } from './turns.ts';

describe('turnTaker', () => {
  it('lets other work run once its budget is spent, and not before', async () => {
    let ran = 0;
    const other = () => setImmediate(() => ran++);

    const generous = turnTaker(60_000);
    other();
    await generous();
    assert.equal(ran, 0, 'within the budget the loop keeps the event loop');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(ran, 1);

    const spent = turnTaker(0);
    other();
    await spent();
    assert.equal(ran, 2, 'a spent budget gives the event loop a turn');
    other();
    await spent();
    assert.equal(ran, 3, 'and again on every later call past the budget');
  });
});
