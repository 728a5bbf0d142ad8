// Black-box harness for the contract tests: the product is driven only through its command line (`main(argv,
// io)` in process, `node bin/bulwark.js …` processes) and HTTP, as an outside user would. Expectations come
// from docs/contract.md.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { runMain, type CliResult } from '../support/cli.ts';
import { announcePostgresAbsent } from '../support/services.ts';
import { SHARED_DATA, SHARED_DATA_ABSENT, sharedDataSkip } from '../support/shared-data.ts';
import { freshPostgresDatabase } from '../support/pg-databases.ts';

export const REPO_ROOT = resolve(new URL('../..', import.meta.url).pathname);
export const BIN = join(REPO_ROOT, 'bin/bulwark.js');
export const DATA = fileURLToPath(SHARED_DATA).replace(/\/$/, '');
export const HAS_DATA = sharedDataSkip('sboms', 'osv') === false;
export const NO_DATA = SHARED_DATA_ABSENT;

export type Dialect = 'sqlite' | 'postgres';
export const DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
if (!process.env.TEST_DATABASE_URL) announcePostgresAbsent();

export interface Store {
  dir: string;
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}

/** A fresh store: a temp SQLite file (empty), or a new PostgreSQL database cloned from the migrated template. */
export async function freshStore(dialect: Dialect): Promise<Store> {
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-contract-'));
  const dataDir = join(dir, 'data');
  mkdirSync(dataDir);
  if (dialect === 'sqlite') {
    return {
      dir,
      env: { DATABASE_URL: `sqlite:${join(dir, 'x.sqlite')}`, DATA_DIR: dataDir },
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const database = await freshPostgresDatabase();
  const cleanup = async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  return { dir, env: { DATABASE_URL: database.url, DATA_DIR: dataDir }, cleanup };
}

let inProcess: Promise<unknown> = Promise.resolve();

/**
 * Runs `bulwark …` in this process through `main(argv, io)` (test/support/cli.ts: the binary's command table,
 * parsing and exit codes), with the store's environment. A spawned run paid Node's start-up, seconds apiece on a
 * loaded machine; `cliProcess` keeps one per command group for the binary itself. Paths are passed absolute: the
 * spawned runs worked in `store.dir`, so the default DATA_DIR (./data) is set to `store.dir`/data here.
 * Calls run one at a time: with better-sqlite3 a command waiting for the write lock blocks this process's event
 * loop, so two in-process commands on one SQLite file could not both progress (separate processes could).
 */
export function cli(store: Store, args: string[], extraEnv: Record<string, string> = {}): Promise<CliResult> {
  const env = { DATA_DIR: join(store.dir, 'data'), ...store.env, ...extraEnv };
  const run = inProcess.then(() => runMain(args, env));
  inProcess = run.catch(() => undefined);
  return run;
}

/** Runs `node bin/bulwark.js …` as a separate process in `store.dir`, as an operator would. */
export function cliProcess(
  store: Store,
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<CliResult> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      {
        cwd: store.dir,
        env: { ...process.env, ...store.env, LOG_LEVEL: 'warn', ...extraEnv },
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Runs a command that must succeed with `--json` and returns its one JSON object (in process, or spawned). */
export async function cliJson(
  store: Store,
  args: string[],
  run: typeof cli = cli,
): Promise<Record<string, unknown>> {
  const r = await run(store, [...args, '--json']);
  assert.equal(r.code, 0, `bulwark ${args.join(' ')} failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

export interface Server {
  child: ChildProcess;
  baseUrl: string;
  api: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** `bulwark serve --port 0`; resolves once the log says where it listens. */
export function serve(store: Store, extraEnv: Record<string, string> = {}): Promise<Server> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], {
      cwd: store.dir,
      env: { ...process.env, ...store.env, LOG_LEVEL: 'info', ...extraEnv },
    });
    let output = '';
    let listening = false;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    const stop = async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m && !listening) {
        listening = true;
        ok({ child, baseUrl: m[1]!, api: `${m[1]!}/api/v1`, output: () => output, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      if (!listening) fail(new Error(`serve exited with ${code}: ${output}`));
    });
  });
}

/** Response JSON as the tests read it: black-box tests inspect payloads whose shape they are checking. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: { data: Json; error: { code: string; message: string; details?: unknown } | null; meta: unknown };
}

/** fetch + JSON body; asserts the envelope shape on every response. */
export async function call(
  url: string,
  init: RequestInit & { token?: string; json?: unknown } = {},
): Promise<ApiResponse> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const res = await fetch(url, { ...init, headers, body });
  const text = await res.text();
  let parsed: ApiResponse['body'];
  try {
    parsed = JSON.parse(text) as ApiResponse['body'];
  } catch {
    throw new Error(
      `${init.method ?? 'GET'} ${url} → ${res.status}, body is not JSON: ${text.slice(0, 300)}`,
    );
  }
  assertEnvelope(parsed, res.status);
  assert.ok(res.headers.get('x-request-id'), `x-request-id missing on ${url}`);
  return { status: res.status, headers: res.headers, body: parsed };
}

export function assertEnvelope(body: ApiResponse['body'], status: number): void {
  assert.deepEqual(
    Object.keys(body).filter((k) => !['data', 'error', 'meta'].includes(k)),
    [],
    'envelope has only data, error, meta',
  );
  assert.ok('data' in body && 'error' in body && 'meta' in body, 'envelope keys present');
  if (status >= 400) {
    assert.equal(body.data, null);
    assert.equal(typeof body.error?.code, 'string');
    assert.equal(typeof body.error?.message, 'string');
  } else {
    assert.equal(body.error, null);
  }
}

export async function expectError(
  res: Promise<ApiResponse>,
  status: number,
  code: string,
): Promise<ApiResponse> {
  const r = await res;
  assert.equal(
    r.status,
    status,
    `expected ${status} ${code}, got ${r.status} ${JSON.stringify(r.body.error)}`,
  );
  assert.equal(r.body.error?.code, code);
  return r;
}

/** Creates an organisation, its user and a token with the given scopes through the CLI. */
export async function tenant(
  store: Store,
  slug: string,
  scopes: string,
  plan = 'professional',
): Promise<{ token: string; orgId: string }> {
  const org = await cliJson(store, ['org', 'create', slug, '--plan', plan]);
  await cliJson(store, [
    'user',
    'create',
    '--org',
    slug,
    '--email',
    `owner@${slug}.example.com`,
    '--name',
    'Olive Owner',
  ]);
  const tok = await cliJson(store, ['token', 'create', '--org', slug, '--scopes', scopes]);
  return { token: tok.token as string, orgId: org.id as string };
}

export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
export const ALL_SCOPES = 'sbom:read,sbom:write,mcp:read,mcp:write';
