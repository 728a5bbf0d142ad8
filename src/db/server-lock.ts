/**
 * One server per SQLite database file (docs/resilience.md): SQLite has one writer at a time, and two servers
 * taking turns on a large upload's write lock answered "database is locked" (500) to each other. The server
 * holds `<database>.server.lock` (its pid) while it runs; a second `serve` on the same file refuses to start.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

export class ServerLockError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerLockError';
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
};

/** Takes the lock of `databasePath` or throws ServerLockError saying who holds it; returns its release. */
export function acquireServerLock(databasePath: string): () => void {
  const lockPath = `${databasePath}.server.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }));
      closeSync(fd);
      let released = false;
      const release = (): void => {
        if (released) return;
        released = true;
        rmSync(lockPath, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockPath);
      if (holder && holder.pid !== process.pid && alive(holder.pid)) {
        throw new ServerLockError(
          `Another bulwark server (pid ${holder.pid}, started ${holder.startedAt}) is serving ${databasePath}. ` +
            'SQLite allows one server per database file: stop that server, or give this one another DATA_DIR ' +
            'or DATABASE_URL (PostgreSQL serves any number of instances). CLI commands may run alongside it.',
        );
      }
      // Left behind by a server that died without cleaning up: take it over.
      rmSync(lockPath, { force: true });
    }
  }
  throw new ServerLockError(`Could not take the server lock ${lockPath}`);
}

function readHolder(lockPath: string): { pid: number; startedAt: string } | undefined {
  try {
    const parsed = JSON.parse(readFileSync(lockPath, 'utf8')) as { pid?: unknown; startedAt?: unknown };
    return typeof parsed.pid === 'number'
      ? { pid: parsed.pid, startedAt: String(parsed.startedAt ?? 'at an unknown time') }
      : undefined;
  } catch {
    return undefined; // half-written or unreadable: treated as stale
  }
}
