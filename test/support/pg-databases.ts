/**
 * PostgreSQL test databases, each cloned from one migrated template: `CREATE DATABASE … TEMPLATE` copies it in
 * about 50 ms, against about 1 s (several at load) for running every migration in a fresh schema, and a test
 * store is made hundreds of times per suite. The template is named after a hash of the migrations, built once
 * by whichever test process needs it first (under an advisory lock) and kept for the next run of the same code.
 * The role in TEST_DATABASE_URL needs CREATEDB (CI's `postgres` has it).
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { openStore } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

const MIGRATIONS = new URL('../../src/db/migrations/', import.meta.url);
/** pg_advisory_lock key held while the template is built (any constant; "bulwarkt" as a 64-bit number). */
const TEMPLATE_LOCK = '7100013525633750132';

function baseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

/** The same server and credentials, another database. */
function databaseUrl(name: string, base = baseUrl()): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * CREATE/ALTER DATABASE fail with 55006 while a backend is still attached to the source: a pool's connections
 * end a moment after `close()` resolves, so a freshly built template can be busy for a few milliseconds.
 */
async function whileInUse(client: pg.Client, statement: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(statement);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

function templateName(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS).sort())
    hash.update(file).update(readFileSync(new URL(file, MIGRATIONS)));
  hash.update(readFileSync(new URL('../../src/db/migrate.ts', import.meta.url)));
  return `bulwark_template_${hash.digest('hex').slice(0, 16)}`;
}

let template: Promise<string> | undefined;

/** The migrated template's name, built on first use when no earlier run left it. */
function migratedTemplate(): Promise<string> {
  template ??= withAdmin(async (admin) => {
    const name = templateName();
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      // Built under another name and renamed when complete: a run killed half-way leaves no half template.
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const store = openStore(databaseUrl(building));
      try {
        await migrateToLatest(store.db);
      } finally {
        await store.close();
      }
      await whileInUse(admin, `alter database ${building} rename to ${name}`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return template;
}

/** A new migrated database of its own on the test server; `drop` removes it, disconnecting whoever is attached. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = await migratedTemplate();
  const name = `bulwark_t_${randomBytes(6).toString('hex')}`;
  await withAdmin(async (admin) => {
    await whileInUse(admin, `create database ${name} template ${template}`);
    // A test database needs no durability across a server crash: commits skip the WAL flush (≈ 3 ms each here).
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  });
  return {
    url: databaseUrl(name),
    drop: () =>
      withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}
