/** Test fixture: an app with an organisation and an SBOM, a sync service with short timeouts, snapshots. */
import type { TestContext } from 'node:test';
import { sql } from 'kysely';
import { build, createOrg, type TestEnv, type TestOrg } from '../../../test/support/app.ts';
import type { DialectName } from '../../db/connect.ts';
import type { App } from '../../http/app-type.ts';
import { VulnSyncService } from './sync.service.ts';

export const TIMEOUTS = { responseMs: 2000, idleMs: 300 };

export interface SyncEnv extends TestEnv {
  org: TestOrg;
  sync: VulnSyncService;
}

/** Cleanups collected for a suite-level `after` (build() registers its own on the context it is given). */
export function suiteScope(): { scope: Pick<TestContext, 'after'>; close: () => Promise<void> } {
  const cleanups: (() => unknown)[] = [];
  const scope = {
    after: (fn: (...args: never[]) => unknown) => void cleanups.push(() => fn()),
  } as unknown as Pick<TestContext, 'after'>;
  return {
    scope,
    close: async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}

export async function syncEnv(t: Pick<TestContext, 'after'>, dialect: DialectName): Promise<SyncEnv> {
  const env = await build(t, dialect);
  const org = await createOrg(env.services);
  const sync = new VulnSyncService(env.store.db, env.services.vulndb, { timeouts: TIMEOUTS });
  return { ...env, org, sync };
}

/** Uploads a CycloneDX SBOM of the given purls; returns the response body. */
export async function uploadPurls(app: App, org: TestOrg, purls: string[]) {
  const bom = JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    components: purls.map((purl) => {
      const at = purl.lastIndexOf('@');
      return {
        type: 'library',
        name: purl.slice(purl.lastIndexOf('/') + 1, at),
        version: purl.slice(at + 1),
        purl,
      };
    }),
  });
  const form = new FormData();
  form.append('file', new Blob([bom]), 'app.cdx.json');
  const response = new Response(form);
  const reply = await app.inject({
    method: 'POST',
    url: '/api/v1/sscs/sboms/upload',
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')!, ...org.bearer() },
  });
  if (reply.statusCode !== 201) throw new Error(`upload failed: ${reply.body}`);
  return reply.json() as { data: { id: string; findingCount: number }; meta: { coverage: unknown } };
}

export async function listFindings(app: App, org: TestOrg, query = '') {
  const reply = await app.inject({ url: `/api/v1/sscs/findings${query}`, headers: org.bearer('read') });
  if (reply.statusCode !== 200) throw new Error(`list failed: ${reply.body}`);
  return reply.json().data as {
    id: string;
    vulnerabilityId: string;
    component: { name: string };
    severity: string;
    kev: unknown;
    epss: unknown;
  }[];
}

const TABLES = [
  'vuln_advisories',
  'vuln_affected',
  'vuln_aliases',
  'vuln_kev',
  'vuln_epss',
  'findings',
  'finding_history',
] as const;

/** Every row of the vulnerability data and findings, in a stable order (the sync state without attempt info). */
export async function snapshot(env: TestEnv): Promise<Record<string, unknown[]>> {
  const db = env.store.db;
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    out[table] = rows.rows.map((r) => JSON.stringify(r)).sort();
  }
  const states = await db
    .selectFrom('vuln_sync_state')
    .select(['source', 'last_success_at', 'high_water', 'etag', 'last_modified', 'version'])
    .where('last_success_at', 'is not', null)
    .orderBy('source')
    .execute();
  out.vuln_sync_state = states.map((r) => JSON.stringify(r));
  out.vuln_state = (await sql`select * from vuln_state`.execute(db)).rows;
  return out;
}
