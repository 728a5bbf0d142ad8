// The upload benchmarks' server (server.ts) in a process of its own, run as `bulwark serve` runs, and what it
// reports when it stops, and the stores they run on: shared by upload.bench.ts and concurrent.bench.ts.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { withApplicationName } from '../support/pg-backend-cpu.ts';
import { startProcess } from '../support/process.ts';

const server = new URL('./server.ts', import.meta.url).pathname;

/** A process's resident set size now, in bytes. */
export const rss = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
};

/**
 * Starts the server on `storeUrl` (a PostgreSQL `schema` of it when given). Its PostgreSQL connections carry an
 * application name of their own (`name`, the pid, the time), so their backends' CPU can be read beside the
 * server's (bench/support/pg-backend-cpu.ts).
 */
export async function startUploadServer(storeUrl: string, schema: string | undefined, name: string) {
  const applicationName = `${name}_${process.pid}_${Date.now().toString(36)}`;
  const serverUrl = schema ? withApplicationName(storeUrl, applicationName) : storeUrl;
  // Run as `bulwark serve` runs (bin/bulwark.js): glibc's mmap threshold fixed, so freed large blocks go back.
  const { child, url } = await startProcess(server, schema ? [serverUrl, schema] : [serverUrl], {
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [base, token, otherToken] = url.split(' ') as [string, string, string];
  return {
    child,
    base,
    token,
    /** The token of the server's second organisation. */
    otherToken,
    applicationName,
    /** Stops the server (SIGTERM) and reads the figures it writes at its end (server.ts). */
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      return {
        hold: Number(/HOLD (\d+)/.exec(output)?.[1] ?? NaN),
        memory: /MEM (.+)\n/.exec(output)?.[1] ?? '',
        mainCpuS: Number(/MAINCPU (\d+)/.exec(output)?.[1] ?? NaN) / 1000,
      };
    },
  };
}

/** The stores to run on: SQLite, and PostgreSQL when DATABASE_URL or TEST_DATABASE_URL names one (`pg`). */
export function benchStores(wanted: readonly string[]): { label: string; pg?: string }[] {
  const pgUrl = [process.env.DATABASE_URL, process.env.TEST_DATABASE_URL].find((u) =>
    u?.startsWith('postgres'),
  );
  const stores: { label: string; pg?: string }[] = [];
  if (wanted.includes('sqlite')) stores.push({ label: 'SQLite' });
  if (pgUrl && wanted.includes('postgres')) stores.push({ label: 'PostgreSQL', pg: pgUrl });
  return stores;
}

async function admin(pgUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/** A fresh schema of `pgUrl` for one run, named `prefix` and the time. */
export async function newSchema(pgUrl: string, prefix: string): Promise<string> {
  const schema = `${prefix}_${Date.now().toString(36)}`;
  await admin(pgUrl, `create schema ${schema}`);
  return schema;
}

export const dropSchema = (pgUrl: string, schema: string) => admin(pgUrl, `drop schema ${schema} cascade`);
