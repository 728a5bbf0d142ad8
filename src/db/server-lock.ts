/**
 * One server per SQLite database file (docs/resilience.md): SQLite has one writer at a time, and two servers
 * taking turns on a large upload's write lock answered "database is locked" (500) to each other. The server
 * holds `<database>.server.lock` (its pid and, on Linux, the pid's start time) while it runs; a second `serve` on
 * the same file refuses to start.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

export class ServerLockError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerLockError';
  }
}

/**
 * A process's start (clock ticks since boot, /proc/<pid>/stat field 22) with the boot's id, and whether it is a
 * zombie; undefined where /proc is not there (then the pid alone is all we have).
 */
export function processStart(pid: number): { start: string; zombie: boolean } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: fields are counted after its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return { start: `${bootId}:${fields[19]}`, zombie: fields[0] === 'Z' };
  } catch {
    return undefined;
  }
}

/**
 * Whether the lock's holder still runs. A pid alone is not enough: after a crash the pid may belong to another
 * process by now (a restart then refused to start), or to a zombie nobody reaped. So the holder's start time is
 * compared too, where the lock has one and /proc tells it.
 */
const alive = (holder: { pid: number; start?: string | undefined }): boolean => {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false; // EPERM: exists, owned by someone else
  }
  const now = processStart(holder.pid);
  if (!now) return true;
  if (now.zombie) return false;
  return holder.start === undefined || holder.start === now.start;
};

/** Takes the lock of `databasePath` or throws ServerLockError saying who holds it; returns its release. */
export function acquireServerLock(databasePath: string): () => void {
  const lockPath = `${databasePath}.server.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      const start = processStart(process.pid)?.start;
      writeSync(fd, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString(), start }));
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
      if (holder && holder.pid !== process.pid && alive(holder)) {
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

function readHolder(lockPath: string): { pid: number; startedAt: string; start?: string } | undefined {
  try {
    const parsed = JSON.parse(readFileSync(lockPath, 'utf8')) as {
      pid?: unknown;
      startedAt?: unknown;
      start?: unknown;
    };
    return typeof parsed.pid === 'number'
      ? {
          pid: parsed.pid,
          startedAt: String(parsed.startedAt ?? 'at an unknown time'),
          ...(typeof parsed.start === 'string' ? { start: parsed.start } : {}),
        }
      : undefined;
  } catch {
    return undefined; // half-written or unreadable: treated as stale
  }
}
