// A match worker that fails on its first message (match-in-worker.test.ts): the upload must match in process.
import { parentPort } from 'node:worker_threads';

parentPort!.on('message', () => {
  throw new Error('match worker fixture: failing as asked');
});
