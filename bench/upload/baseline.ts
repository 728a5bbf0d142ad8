// The practical floor of an upload (docs/contract.md, Performance reference points): JSON.parse of the file, then the same component rows the server
// stores (computed beforehand, outside the timing) inserted with one prepared statement in one transaction into a
// file SQLite database in WAL mode (same table and indexes).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';

const DDL = `create table sbom_components (id text primary key, org_id text not null, sbom_id text not null, bom_ref text,
  type text not null, group_name text, name text not null, version text, purl text, cpe text, ecosystem text, package_key text,
  licenses text not null, hashes text not null, supplier text, scope text, depends_on text not null, position integer not null);
  create index sbom_components_package_idx on sbom_components (org_id, ecosystem, package_key);
  create index sbom_components_sbom_position_idx on sbom_components (sbom_id, position);`;

export function measureBaseline(
  file: string,
  dir: string,
  rows: readonly (readonly unknown[])[],
): { parseS: number; insertS: number; totalS: number; cpuS: number; rows: number } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { components: unknown[] };
  if (doc.components.length !== rows.length) throw new Error('the rows do not belong to this file');
  const parsed = performance.now();
  const db = new SqliteDatabase(join(dir, 'baseline.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(DDL);
  const insert = db.prepare(`insert into sbom_components values (${Array(18).fill('?').join(', ')})`);
  db.transaction(() => {
    for (const row of rows) insert.run(row);
  })();
  db.close();
  const end = performance.now();
  const used = process.cpuUsage(cpu);
  return {
    parseS: (parsed - start) / 1000,
    insertS: (end - parsed) / 1000,
    totalS: (end - start) / 1000,
    cpuS: (used.user + used.system) / 1e6,
    rows: rows.length,
  };
}
