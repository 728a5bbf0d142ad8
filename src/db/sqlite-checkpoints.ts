/**
 * SQLite WAL checkpoints in a thread of their own (the server's store). By default SQLite checkpoints at the end
 * of the commit that takes the WAL past 1,000 pages, on the committing connection: after a 100,000-component
 * upload that is ≈ 0.3 s of copying pages into the database file with the event loop held. Here the writer never
 * checkpoints (`wal_autocheckpoint = 0`); a worker thread with its own connection runs a PASSIVE checkpoint (it
 * waits for no reader or writer) once per interval when something was committed since the last one. The WAL then
 * holds at most about an interval's worth of writes beyond what readers still use.
 */
import { Worker } from 'node:worker_threads';

export interface Checkpoints {
  /** Stops the thread after a last checkpoint; its connection is closed when this resolves. */
  stop(): Promise<void>;
}

/** `failed` runs if the thread dies: the caller then lets its writer checkpoint again, so the WAL stays bounded. */
export function checkpointInBackground(path: string, failed: () => void, everyMs = 1_000): Checkpoints {
  const worker = new Worker(new URL('./sqlite-checkpoint-worker.ts', import.meta.url), {
    workerData: { path, everyMs },
  });
  let stopping = false;
  // The thread's own error (the file cannot be opened) ends it: `exit` follows and reports it.
  worker.on('error', () => {});
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      if (!stopping) failed();
      resolve();
    }),
  );
  // A server that exits does not wait for its checkpointer; the last connection to close checkpoints anyway.
  worker.unref();
  return {
    stop: () => {
      if (!stopping) {
        stopping = true;
        // Held again while it finishes: a closing server awaits this, and an unreferenced thread would let the
        // process end with that await unsettled.
        worker.ref();
        worker.postMessage('stop');
      }
      return exited;
    },
  };
}
