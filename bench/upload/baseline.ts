// The practical floor of an upload (DESIGN §8): JSON.parse of the file, then the same component rows inserted
// with one prepared statement in one transaction into a file SQLite database in WAL mode (same table and indexes).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';

const DDL = `create table sbom_components (id text primary key, org_id text not null, sbom_id text not null, bom_ref text,
  type text not null, group_name text, name text not null, version text, purl text, cpe text, ecosystem text, package_key text,
  licenses text not null, hashes text not null, supplier text, scope text, depends_on text not null, position integer not null);
  create index sbom_components_package_idx on sbom_components (org_id, ecosystem, package_key);
  create index sbom_components_sbom_position_idx on sbom_components (sbom_id, position);`;

type Json = Record<string, unknown>;

export function measureBaseline(file: string, dir: string): { parseS: number; insertS: number; totalS: number; cpuS: number; rows: number } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { components: Json[] };
  const parsed = performance.now();
  const db = new SqliteDatabase(join(dir, 'baseline.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(DDL);
  const insert = db.prepare(`insert into sbom_components values (${Array(18).fill('?').join(', ')})`);
  const rows = doc.components;
  db.transaction(() => {
    rows.forEach((c, i) => {
      const purl = (c.purl as string | undefined) ?? null;
      insert.run(
        `cmp_${i}`, 'org_bench', 'sbom_bench', (c['bom-ref'] as string | undefined) ?? null, c.type, (c.group as string | undefined) ?? null,
        c.name, (c.version as string | undefined) ?? null, purl, null, purl ? purl.slice(4, purl.indexOf('/')) : null, null,
        JSON.stringify(((c.licenses as Json[] | undefined) ?? []).map((l) => (l.license as Json).id)), JSON.stringify(c.hashes ?? []),
        null, null, '[]', i,
      );
    });
  })();
  db.close();
  const end = performance.now();
  const used = process.cpuUsage(cpu);
  return { parseS: (parsed - start) / 1000, insertS: (end - parsed) / 1000, totalS: (end - start) / 1000, cpuS: (used.user + used.system) / 1e6, rows: rows.length };
}
