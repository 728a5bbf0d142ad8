// A match worker that takes every message and never answers (match-in-worker.test.ts): the upload must not wait
// on it past the timeout.
import { parentPort } from 'node:worker_threads';

parentPort!.on('message', () => {});
