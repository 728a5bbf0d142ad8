// Worker entry of sqlite-checkpoints.ts: one connection, a PASSIVE checkpoint per interval when the database changed.
import SqliteDatabase from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

const { path, everyMs } = workerData as { path: string; everyMs: number };
const db = new SqliteDatabase(path, { fileMustExist: true });
const dataVersion = db.prepare('pragma data_version').pluck();
let seen = -1;

function checkpoint(): void {
  const version = dataVersion.get() as number;
  if (version === seen) return;
  seen = version;
  db.pragma('wal_checkpoint(PASSIVE)');
}

// A failed checkpoint (a disk error) is retried at the next interval; the writer is unaffected.
const timer = setInterval(() => {
  try {
    checkpoint();
  } catch {
    seen = -1;
  }
}, everyMs);

// 'stop': a last checkpoint, then the connection closes and the thread ends.
parentPort!.once('message', () => {
  clearInterval(timer);
  try {
    checkpoint();
  } finally {
    db.close();
    parentPort!.close();
  }
});
