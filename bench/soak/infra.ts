// The soak's private dependencies: a PostgreSQL cluster and a Redis of its own on spare ports (the machine's
// shared ones on 5432/6379 serve other people's tests and must never be restarted), and the two Bulwark
// servers. Everything started here is registered for clean-up, which runs on exit, failure and Ctrl-C.
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PG_BIN_DIRS = ['/usr/local/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'];
const BIN = new URL('../../bin/bulwark.js', import.meta.url).pathname;
const ROOT = new URL('../..', import.meta.url).pathname;

const cleanups: Array<() => void> = [];
/** Runs every registered clean-up once, newest first; synchronous so that it also works from 'exit'. */
export function cleanUp(): void {
  while (cleanups.length > 0) {
    try {
      cleanups.pop()!();
    } catch {
      // Best effort: the next clean-up still runs.
    }
  }
}

function which(name: string, dirs: string[] = []): string | undefined {
  for (const dir of [...dirs, ...(process.env.PATH ?? '').split(':')]) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/** The binaries the soak needs, or the list of those missing. */
export function findBinaries(): { pgCtl: string; initdb: string; redis: string } | { missing: string[] } {
  const pgCtl = which('pg_ctl', PG_BIN_DIRS);
  const initdb = which('initdb', PG_BIN_DIRS);
  const redis = which('redis-server');
  const missing = [
    ...(pgCtl ? [] : ['pg_ctl']),
    ...(initdb ? [] : ['initdb']),
    ...(redis ? [] : ['redis-server']),
  ];
  if (AS_ROOT && !which('runuser')) missing.push('runuser');
  if (AS_ROOT && spawnSync('id', ['-u', 'postgres']).status !== 0) missing.push('the postgres system user');
  return pgCtl && initdb && redis && missing.length === 0 ? { pgCtl, initdb, redis } : { missing };
}

/** A scratch directory removed on clean-up. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** PostgreSQL refuses to run as root: as root, its commands run as the postgres user; otherwise as ourselves. */
const AS_ROOT = process.getuid?.() === 0;
const postgresUser = (argv: string[]): [string, string[]] =>
  AS_ROOT ? ['runuser', ['-u', 'postgres', '--', ...argv]] : [argv[0]!, argv.slice(1)];

function asPostgres(argv: string[], timeoutMs = 60_000): { status: number | null; output: string } {
  const result = spawnSync(...postgresUser(argv), {
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

export interface PrivatePostgres {
  url: string;
  /** `pg_ctl restart -m fast`; resolves when the server accepts connections again. */
  restart(): Promise<void>;
}

export function startPostgres(bins: { pgCtl: string; initdb: string }, port: number): PrivatePostgres {
  const dir = scratchDir('bulwark-soak-pg-');
  if (AS_ROOT) {
    const id = (flag: string) =>
      Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const data = join(dir, 'data');
  const init = asPostgres([
    bins.initdb,
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.output}`);
  // A benchmark cluster: no fsync (nothing here must survive a power cut), enough connections for two servers.
  writeFileSync(
    join(data, 'postgresql.auto.conf'),
    'fsync = off\nsynchronous_commit = off\nfull_page_writes = off\nmax_connections = 100\n',
    { flag: 'a' },
  );
  const options = `-p ${port} -k ${dir} -h 127.0.0.1`;
  const pgCtlArgs = ['-D', data, '-l', join(dir, 'postgres.log'), '-w', '-t', '60'];
  const ctl = (...args: string[]) => asPostgres([bins.pgCtl, ...pgCtlArgs, ...args]);
  cleanups.push(() => void ctl('stop', '-m', 'immediate'));
  const started = ctl('-o', options, 'start');
  if (started.status !== 0) throw new Error(`pg_ctl start failed:\n${started.output}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () =>
      new Promise((resolve, reject) => {
        // Asynchronous: the load keeps running while PostgreSQL restarts.
        const child = spawn(
          ...postgresUser([bins.pgCtl, ...pgCtlArgs, '-m', 'fast', '-o', options, 'restart']),
          { stdio: 'ignore' },
        );
        child.on('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`pg_ctl restart: exit ${code}`)),
        );
      }),
  };
}

export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startRedis(binary: string, port: number): Promise<PrivateRedis> {
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    const proc = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    child = proc;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      proc.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Ready to accept connections')) resolve();
      });
      proc.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${out}`)));
    });
  };
  const stop = async (): Promise<void> => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGKILL');
    await exited;
  };
  cleanups.push(() => child?.kill('SIGKILL'));
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}

/** Runs the real CLI against the soak's store; returns its stdout, throws with its stderr on failure. */
export function cli(databaseUrl: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
        maxBuffer: 16 * 2 ** 20,
      },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`bulwark ${args.join(' ')} failed (${error.code}):\n${stderr}`))
          : resolve(stdout),
    );
  });
}

export interface Instance {
  name: string;
  base: string;
  child: ChildProcess;
  log: string;
}

/** `bulwark serve` in its own process; resolves once /readyz answers. Its log goes to a file in `dir`. */
export async function startServer(
  name: string,
  port: number,
  env: Record<string, string>,
  dir: string,
): Promise<Instance> {
  const log = join(dir, `${name}.log`);
  const out = openSync(log, 'a');
  const child = spawn(process.execPath, [BIN, 'serve', '--port', String(port), '--host', '127.0.0.1'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, DATA_DIR: join(dir, name) },
    stdio: ['ignore', out, out],
  });
  cleanups.push(() => child.kill('SIGKILL'));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}; see ${log}`);
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return { name, base, child, log };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not become ready within 60 s; see ${log}`);
}

/** Resident set size of a process in bytes (Linux /proc), or undefined once it is gone. */
export async function rss(pid: number): Promise<number | undefined> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : undefined;
}

/** The V8 heap and the memory outside it (Buffers), from the instance's own /metrics, in bytes. */
export interface HeapFigures {
  heapUsed: number;
  heapTotal: number;
  external: number;
}

/** What an instance's /metrics says of its memory, or undefined when it does not answer. */
export async function heapOf(base: string): Promise<HeapFigures | undefined> {
  const text = await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(2_000) }).then(
    (r) => r.text(),
    () => '',
  );
  const gauge = (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
  const figures = {
    heapUsed: gauge('nodejs_heap_size_used_bytes'),
    heapTotal: gauge('nodejs_heap_size_total_bytes'),
    external: gauge('nodejs_external_memory_bytes'),
  };
  return Object.values(figures).some(Number.isNaN) ? undefined : figures;
}
