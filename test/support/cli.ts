/** Test helpers: run `bulwark` in process (`main(argv, io)`) or as a process, fresh stores for it, `bulwark serve`. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';
import type { DialectName } from '../../src/db/connect.ts';
import { freshPostgresDatabase } from './pg-databases.ts';

export const BIN = new URL('../../bin/bulwark.js', import.meta.url).pathname;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `bulwark …` as a separate process, as an operator would; `input` is piped to its standard input. */
export function runCli(args: string[], env: Record<string, string>, input?: string): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, ...env, LOG_LEVEL: 'warn' } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
    child.stdin?.end(input ?? '');
  });
}

/**
 * Runs `bulwark …` in this process through `main(argv, io)`: the same command table, parsing and exit codes as
 * the binary, without paying Node's start-up per call (spawned runs were more than half the suite's time).
 * The command sees `env` over this process's environment (an `undefined` unsets a variable); `input` is its stdin.
 * Keep one spawned `runCli` smoke test per command group for what only a process shows (bin/, stdin, signals).
 */
export async function runMain(
  args: string[],
  env: Record<string, string | undefined>,
  input?: string,
): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const merged: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete merged[name];
    else merged[name] = value;
  }
  const code = await main(args, {
    out: (text) => out.push(`${text}\n`),
    err: (text) => err.push(`${text}\n`),
    readStdin: () => Promise.resolve(input ?? ''),
    env: merged,
  });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/** A DATABASE_URL for a fresh store: a temp SQLite file, or a new migrated PostgreSQL database (pg-databases.ts). */
export async function freshDatabaseUrl(
  dialect: DialectName,
): Promise<{ url: string; dataDir: string; cleanup: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bulwark-cli-'));
  if (dialect === 'sqlite')
    return { url: `sqlite:${join(dataDir, 'cli.sqlite')}`, dataDir, cleanup: async () => {} };
  const database = await freshPostgresDatabase();
  return { url: database.url, dataDir, cleanup: database.drop };
}

/** Starts `bulwark serve` on a free port; resolves once it listens. An `undefined` in `env` unsets that variable. */
export function startServe(
  env: Record<string, string | undefined>,
): Promise<{ child: ChildProcess; baseUrl: string; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], {
      env: { ...process.env, ...env, LOG_LEVEL: 'info' },
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve({ child, baseUrl: match[1]!, output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
}
