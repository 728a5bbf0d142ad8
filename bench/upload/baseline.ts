// The storage floors of an upload (issue 16), each on a fresh store migrated by the product's own migrations, so
// the table, its indexes and its foreign key are the product's:
// - SQLite: read the file + JSON.parse + one prepared INSERT per component in one transaction (WAL, the driver's
//   pragmas), the rows being the very ones the server stores (computed beforehand, outside the timing).
// - PostgreSQL: read the file + JSON.parse + the same rows loaded with one COPY … FROM STDIN in one transaction.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openStore } from '../../src/db/connect.ts';
import { cpuMsOf } from '../support/pg-backend-cpu.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { prepareSbom } from '../../src/sboms/prepared-sbom.ts';
import { insertSbom } from '../../src/sboms/sbom.repository.ts';
import { COMPONENT_COLUMNS } from '../../src/sboms/sbom.table.ts';
import { OrganisationService } from '../../src/tenancy/organisation.service.ts';
import { bareSbomRow } from '../../test/support/bare-sbom.ts';

export interface Floor {
  parseS: number;
  insertS: number;
  totalS: number;
  cpuS: number;
  /** PostgreSQL: CPU seconds of the COPY's backend (bench/support/pg-backend-cpu.ts); SQLite: 0 (in process). */
  backendS: number;
  rows: number;
}

const SBOM_ID = 'sbom_floor';

/** A migrated store with one organisation and one SBOM record; returns the rows of `file` for that SBOM. */
async function prepareStore(url: string, file: string, schema?: string): Promise<unknown[][]> {
  const store = openStore(url, undefined, schema ? { schema } : {});
  try {
    await migrateToLatest(store.db);
    const org = await new OrganisationService(store.db).create({ slug: 'floor' });
    const now = new Date().toISOString();
    await insertSbom(
      store.db,
      bareSbomRow(SBOM_ID, org.id, now, {
        ...{ name: 'floor', asset_name: 'floor', asset_id: 'ast_bench' },
        ...{ format: 'cyclonedx', spec_version: '1.5' },
      }),
    );
    return prepareSbom('big.cdx.json', readFileSync(file), org.id, SBOM_ID).rows;
  } finally {
    await store.close();
  }
}

function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; cpuS: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  return work().then((result) => {
    const used = process.cpuUsage(cpu);
    return { result, seconds: (performance.now() - start) / 1000, cpuS: (used.user + used.system) / 1e6 };
  });
}

const parseFile = (file: string, count: number) => {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { components: unknown[] };
  if (doc.components.length !== count) throw new Error('the rows do not belong to this file');
};

export async function sqliteFloor(file: string, dir: string): Promise<Floor> {
  const path = join(dir, 'floor.sqlite');
  const rows = await prepareStore(`sqlite:${path}`, file);
  let parseS = 0;
  const run = await timed(async () => {
    const start = performance.now();
    parseFile(file, rows.length);
    parseS = (performance.now() - start) / 1000;
    const db = new SqliteDatabase(path);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    const insert = db.prepare(
      `insert into sbom_components (${COMPONENT_COLUMNS.join(', ')}) values (${COMPONENT_COLUMNS.map(() => '?').join(', ')})`,
    );
    db.transaction(() => {
      for (const row of rows) insert.run(row);
    })();
    db.close();
  });
  return {
    parseS,
    insertS: run.seconds - parseS,
    totalS: run.seconds,
    cpuS: run.cpuS,
    backendS: 0,
    rows: rows.length,
  };
}

/** COPY's text format (the same escaping as the product's copyRows). */
const copyText = (rows: readonly unknown[][]) =>
  rows
    .map(
      (row) =>
        row
          .map((v) =>
            v === null
              ? '\\N'
              : String(v).replace(
                  /[\\\n\r\t]/g,
                  (c) => ({ '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' })[c]!,
                ),
          )
          .join('\t') + '\n',
    )
    .join('');

export async function postgresFloor(file: string, url: string, schema: string): Promise<Floor> {
  const rows = await prepareStore(url, file, schema);
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  const { rows: found } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const backendPid = found[0]!.pid;
  let parseS = 0;
  try {
    const backendBefore = cpuMsOf(backendPid) ?? 0;
    const run = await timed(async () => {
      const start = performance.now();
      parseFile(file, rows.length);
      parseS = (performance.now() - start) / 1000;
      await client.query('begin');
      const copy = client.query(
        copyFrom(`copy sbom_components (${COMPONENT_COLUMNS.join(', ')}) from stdin`),
      );
      async function* chunks() {
        for (let i = 0; i < rows.length; i += 2_000) yield copyText(rows.slice(i, i + 2_000));
      }
      await pipeline(Readable.from(chunks()), copy);
      await client.query('commit');
    });
    const backendS = ((cpuMsOf(backendPid) ?? backendBefore) - backendBefore) / 1000;
    return {
      parseS,
      insertS: run.seconds - parseS,
      totalS: run.seconds,
      cpuS: run.cpuS,
      backendS,
      rows: rows.length,
    };
  } finally {
    await client.end();
  }
}
