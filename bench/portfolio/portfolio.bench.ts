// Scoped reads (docs/portfolio-access.md): the findings list (first and second page of 50, the whole list streamed) and
// the summary, over 100,000 findings in 200 assets, for a member whose team is granted one tag (10 assets, one in
// every 20, so 5,000 findings) with portfolioAccess on, against the same calls by an admin (no filter), in one run.
// Figure: the member's median time over the admin's (target ≤ 1.2×). Both go through the HTTP pipeline with API
// tokens (auth, reach from the principal cache, envelope).
// Usage: node bench/portfolio/portfolio.bench.ts [--runs 30] (DATABASE_URL=postgres://… for PostgreSQL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.ts';
import { defaultConfig } from '../../src/config.ts';
import { openSqlite, type Store } from '../../src/db/connect.ts';
import { insertRows } from '../../src/db/helpers.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { newFindingRow } from '../../src/findings/finding-rows.ts';
import { insertFindings, type NewFindingRow } from '../../src/findings/finding.repository.ts';
import { createLogger } from '../../src/logger.ts';
import { COMPONENT_COLUMNS, COMPONENT_PG_TYPES } from '../../src/sboms/sbom.table.ts';
import { createServices } from '../../src/services.ts';
import { newId } from '../../src/shared/ids.ts';
import { openThrowawaySchemaStore } from '../support/pg-schema-store.ts';
import { machine } from '../support/process.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '30' } } });
const RUNS = Number(values.runs);
const ASSETS = 200;
const COMPONENTS = 50;
const PER_COMPONENT = 10;
const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;

const postgres = process.env.DATABASE_URL?.startsWith('postgres');
const dir = mkdtempSync(join(tmpdir(), 'bench-portfolio-'));
const store: Store = postgres
  ? await openThrowawaySchemaStore(process.env.DATABASE_URL)
  : openSqlite(join(dir, 'portfolio.sqlite'), undefined, true);
await migrateToLatest(store.db);
const config = defaultConfig();
const services = createServices(store, config);
const org = await services.organisations.create({ slug: `bench-${Date.now().toString(36)}` });
const admin = await services.users.add(org.id, { email: 'admin@bench.example', role: 'admin' });
const member = await services.users.add(org.id, { email: 'member@bench.example', role: 'member' });

const seedStart = performance.now();
const now = new Date().toISOString();
const tagged: string[] = [];
for (let a = 0; a < ASSETS; a++) {
  const assetId = newId('ast');
  const sbomId = newId('sbom');
  const name = `app-${String(a).padStart(3, '0')}`;
  await store.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('assets')
      .values({
        id: assetId,
        org_id: org.id,
        name,
        parent_id: null,
        classifier: 'application',
        active: 1,
        retention: null,
        last_upload_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    if (a % 20 === 0) {
      tagged.push(assetId);
      await trx.insertInto('asset_tags').values({ org_id: org.id, asset_id: assetId, tag: 'pay' }).execute();
    }
    await trx
      .insertInto('sboms')
      .values({
        id: sbomId,
        org_id: org.id,
        name,
        asset_name: name,
        version: '1',
        format: 'cyclonedx',
        spec_version: '1.6',
        asset_id: assetId,
        repo_url: null,
        branch: null,
        component_count: COMPONENTS,
        root_depends_on: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const components: unknown[][] = [];
    const findings: NewFindingRow[] = [];
    for (let i = 0; i < COMPONENTS; i++) {
      const id = newId('cmp');
      const lib = `lib-${a}-${i}`;
      components.push([
        id,
        org.id,
        sbomId,
        null,
        'library',
        null,
        lib,
        '1.0.0',
        `pkg:npm/${lib}@1.0.0`,
        null,
        'npm',
        lib,
        '[]',
        '[]',
        null,
        null,
        '[]',
        i,
        null,
      ]);
      for (let v = 0; v < PER_COMPONENT; v++) {
        const severity = SEVERITIES[(i + v) % 4]!;
        findings.push(
          newFindingRow(
            org.id,
            sbomId,
            id,
            {
              vulnerabilityId: `CVE-2026-${String((a * COMPONENTS + i) * PER_COMPONENT + v).padStart(7, '0')}`,
              aliases: [],
              advisoryIds: [],
              fixedVersions: [],
              severity: { severity, source: 'cvss_v3', cvssScore: 5, cvssVector: null },
            } as never,
            now,
          ),
        );
      }
    }
    await insertRows(trx, 'sbom_components', [...COMPONENT_COLUMNS], components, COMPONENT_PG_TYPES);
    await insertFindings(trx, findings, []);
  });
}
const seedMs = performance.now() - seedStart;
// PostgreSQL plans by statistics that autovacuum gathers some time after a bulk load; a running server has them.
if (postgres) await sql`analyze`.execute(store.db);
await services.teams.create(org.id, admin.id, {
  name: 'Payments',
  members: [member.id],
  grants: [{ assetTags: ['pay'], role: 'member' }],
});
await services.organisations.update(org.id, { portfolioAccess: true });
const scopes = ['sbom:read'];
const adminToken = (await services.tokens.create({ orgId: org.id, userEmail: admin.email, scopes })).secret;
const memberToken = (await services.tokens.create({ orgId: org.id, userEmail: member.email, scopes })).secret;
const app = await buildApp({ store, config, services, logger: createLogger('silent') });

async function call(token: string, url: string): Promise<{ ms: number; body: string }> {
  const start = performance.now();
  const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  const ms = performance.now() - start;
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return { ms, body: res.body };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

console.log(
  `Portfolio scoped reads: ${ASSETS} assets, ${ASSETS * COMPONENTS * PER_COMPONENT} findings; member reaches ${tagged.length} assets (${tagged.length * COMPONENTS * PER_COMPONENT} findings); ${postgres ? 'PostgreSQL' : 'SQLite'}; ${await machine()}; seeded in ${(seedMs / 1000).toFixed(1)} s; medians of ${RUNS} runs`,
);
// The second page starts at each principal's own first page's cursor (and, like every page after the first,
// carries no total: the first page pays for counting the whole list).
const nextPage = async (token: string) => {
  const first = JSON.parse((await call(token, '/api/v1/sscs/findings?limit=50')).body);
  return `/api/v1/sscs/findings?limit=50&cursor=${first.meta.nextCursor}`;
};
const nextOf = { admin: await nextPage(adminToken), member: await nextPage(memberToken) };
const CALLS: [string, (who: 'admin' | 'member') => string][] = [
  ['findings list, first page of 50', () => '/api/v1/sscs/findings?limit=50'],
  ['findings list, second page of 50', (who) => nextOf[who]],
  ['findings summary', () => '/api/v1/sscs/findings/summary'],
  ['findings list, whole (streamed)', () => '/api/v1/sscs/findings'],
];
let worst = 0;
for (const [label, url] of CALLS) {
  const runs = label.includes('whole') ? Math.max(3, Math.floor(RUNS / 10)) : RUNS;
  const adminMs: number[] = [];
  const memberMs: number[] = [];
  const check = await call(memberToken, url('member'));
  if (label === 'findings summary')
    console.log(`  member summary: ${JSON.parse(check.body).data.total} open (expect 5000)`);
  for (let r = 0; r < runs; r++) {
    // Interleaved, so drift (cache warm-up, other load) hits both alike.
    adminMs.push((await call(adminToken, url('admin'))).ms);
    memberMs.push((await call(memberToken, url('member'))).ms);
  }
  const ratio = median(memberMs) / median(adminMs);
  if (!label.includes('whole')) worst = Math.max(worst, ratio);
  console.log(
    `  ${label.padEnd(34)} admin ${median(adminMs).toFixed(1).padStart(7)} ms   member ${median(memberMs).toFixed(1).padStart(7)} ms   ratio ${ratio.toFixed(2)}x`,
  );
}
console.log(`  worst ratio (pages and summary) ${worst.toFixed(2)}x (target <= 1.2x)`);
await app.close();
await store.close();
rmSync(dir, { recursive: true, force: true });
