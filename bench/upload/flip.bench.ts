// What making a 100,000-component upload visible would cost the writer at the end, for issue 34 ("Fairness on
// SQLite"): the designs that write the upload in short transactions differ in their last one. Each is timed as
// the one transaction another organisation's write would wait for, on a fresh SQLite store with the real
// migrations and indexes:
//   - flag: one UPDATE of the SBOM row (components already in place, readers filtering on the SBOM's state);
//   - re-own: an UPDATE of every component's org_id (pending rows kept under another owner);
//   - copy: INSERT … SELECT of every component from a staging table, then its DELETE (rows kept elsewhere).
// Usage: node bench/upload/flip.bench.ts [--components 100000] [--runs 3]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openSqlite } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { insertComponents } from '../../src/sboms/sbom.repository.ts';
import { SbomService } from '../../src/sboms/sbom.service.ts';
import type { ComponentValues } from '../../src/sboms/prepared-sbom.ts';
import { newId } from '../../src/shared/ids.ts';
import { OrganisationService } from '../../src/tenancy/organisation.service.ts';

const { values } = parseArgs({
  options: { components: { type: 'string', default: '100000' }, runs: { type: 'string', default: '3' } },
});
const count = Number(values.components);
const runs = Number(values.runs);
const dir = mkdtempSync(join(tmpdir(), 'bulwark-bench-flip-'));
const store = openSqlite(join(dir, 'flip.sqlite'));
const { db } = store;
try {
  await migrateToLatest(db);
  const org = await new OrganisationService(db).create({ slug: 'flip', plan: 'professional' });
  const ecosystems = ['npm', 'Maven', 'PyPI', 'Go', 'NuGet'];
  const rowsOf = (sbomId: string, ownerId: string): ComponentValues[] =>
    Array.from({ length: count }, (_, i) => {
      const eco = ecosystems[i % ecosystems.length]!;
      return [
        newId('cmp'),
        ownerId,
        sbomId,
        `ref-${i}`,
        'library',
        null,
        `pkg-${i}`,
        '1.0.0',
        `pkg:${eco.toLowerCase()}/pkg-${i}@1.0.0`,
        null,
        eco,
        `${eco}:pkg-${i}`,
        '["MIT"]',
        '[]',
        null,
        null,
        '[]',
        i,
        null,
      ] as unknown as ComponentValues;
    });
  const sboms = new SbomService(db);
  const newSbom = async () => (await sboms.create(org.id, 'system', { name: `flip-${newId('sbom')}` })).id;
  const load = async (table: string, rows: ComponentValues[]) => {
    for (let i = 0; i < rows.length; i += 2_000)
      await db
        .transaction()
        .execute(async (trx) =>
          table === 'sbom_components'
            ? insertComponents(trx, rows.slice(i, i + 2_000))
            : insertStaging(trx, rows.slice(i, i + 2_000)),
        );
  };
  await sql`create table staged_components as select * from sbom_components where 0`.execute(db);
  const insertStaging = async (trx: typeof db, rows: ComponentValues[]) => {
    for (const r of rows)
      await sql`insert into staged_components values (${sql.join(r as unknown as unknown[])})`.execute(trx);
  };
  const timed = async (what: string, body: (trx: typeof db) => Promise<unknown>) => {
    const start = performance.now();
    await db.transaction().execute(body);
    const ms = performance.now() - start;
    console.log(`${what.padEnd(8)} ${ms.toFixed(1).padStart(8)} ms`);
  };
  console.log(`${count} components, SQLite, ${runs} runs; each line one transaction of the writer`);
  for (let run = 0; run < runs; run++) {
    const flagged = await newSbom();
    await load('sbom_components', rowsOf(flagged, org.id));
    await timed('flag', (trx) =>
      trx
        .updateTable('sboms')
        .set({ updated_at: new Date().toISOString() })
        .where('id', '=', flagged)
        .execute(),
    );
    const owned = await newSbom();
    await load('sbom_components', rowsOf(owned, `pending:${org.id}`));
    await timed('re-own', (trx) =>
      trx.updateTable('sbom_components').set({ org_id: org.id }).where('sbom_id', '=', owned).execute(),
    );
    const copied = await newSbom();
    await load('staged', rowsOf(copied, org.id));
    await timed('copy', async (trx) => {
      await sql`insert into sbom_components select * from staged_components where sbom_id = ${copied}`.execute(
        trx,
      );
      await sql`delete from staged_components where sbom_id = ${copied}`.execute(trx);
    });
  }
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
