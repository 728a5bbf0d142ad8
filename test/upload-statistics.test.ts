// After a large upload, and after a re-evaluation that writes many violations, PostgreSQL's planner statistics of
// the tables they filled are refreshed in the background (db/statistics.ts, pipeline/upload-statistics.ts): without
// them the re-evaluation of a fresh 100,000-component SBOM took 3.4–4.7 s (BENCHMARKS.md, "Policies"). SQLite's
// plans here do not depend on statistics, so it runs no ANALYZE. The upload never waits for the refresh, and a
// refresh that fails is logged, not answered.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { defaultConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { ANALYZE_AFTER_ROWS } from '../src/db/statistics.ts';
import type { PolicyInput } from '../src/policies/index.ts';
import { createServices } from '../src/services.ts';
import { createTestStore, DIALECTS, testStoreUrl } from './support/store.ts';
import { eventually } from './support/poll.ts';

const COMPONENTS = ANALYZE_AFTER_ROWS;

/** A CycloneDX file of `n` distinct npm components. */
const sbomOf = (n: number) =>
  new TextEncoder().encode(
    JSON.stringify({
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      components: Array.from({ length: n }, (_, i) => ({
        type: 'library',
        name: `pkg-${i}`,
        version: '1.0.0',
        purl: `pkg:npm/pkg-${i}@1.0.0`,
      })),
    }),
  );

/** Every component of the file (none declares a license) violates it once. */
const licenseDeclared: PolicyInput = {
  name: 'License declared',
  kind: 'license',
  operator: 'any',
  enabled: true,
  violationState: 'warn',
  conditions: [{ subject: 'missing', operator: 'is', value: 'license' }],
};

/**
 * The row count the planner holds for a table: PostgreSQL's pg_class.reltuples (-1 until the table is first
 * analysed; an ANALYZE of a table this small reads every row, so the count is exact), SQLite's sqlite_stat1 (null
 * when it has no entry).
 */
async function plannerRows(db: Kysely<Database>, dialect: string, table: string): Promise<number | null> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ n: number }>`
      select reltuples::float8 as n from pg_class where oid = to_regclass(${table})`.execute(db);
    return Number(rows[0]!.n);
  }
  const exists = await sql<{ n: number }>`
    select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (Number(exists.rows[0]!.n) === 0) return null;
  const { rows } = await sql<{ stat: string }>`
    select stat from sqlite_stat1 where tbl = ${table} and idx is null`.execute(db);
  return rows[0] ? Number(rows[0].stat.split(' ')[0]) : null;
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: planner statistics after large writes`, () => {
    it(`an upload of ${COMPONENTS.toLocaleString('en')} components, then a re-evaluation writing as many violations, refresh the statistics of what they filled (PostgreSQL only)`, async (t) => {
      const store = await createTestStore(dialect);
      t.after(() => store.close());
      const services = createServices(store, defaultConfig());
      const org = await services.organisations.create({ slug: 'stats', plan: 'professional' });
      const upload = await services.sboms.upload(
        org.id,
        'system',
        { fileName: 'big.cdx.json', bytes: sbomOf(COMPONENTS) },
        { assetName: 'big' },
      );
      assert.equal(upload.componentCount, COMPONENTS);
      await services.statistics.idle();
      const analysed = dialect === 'postgres';
      assert.equal(await plannerRows(store.db, dialect, 'sbom_components'), analysed ? COMPONENTS : null);
      // The one SBOM: a triage rule's page walk misjudges its join with an unanalysed sboms table.
      assert.equal(await plannerRows(store.db, dialect, 'sboms'), analysed ? 1 : null);
      // Analysed with the components (an upload's policies write per component): none yet.
      assert.equal(await plannerRows(store.db, dialect, 'policy_violations'), analysed ? 0 : null);
      // Never findings (pipeline/upload-statistics.ts): left as it was, never analysed.
      assert.equal(await plannerRows(store.db, dialect, 'findings'), analysed ? -1 : null);

      await services.policies.policies.create(org.id, 'system', licenseDeclared);
      await services.policies.reevaluation.idle();
      assert.deepEqual(await services.policies.violations.summary({ orgId: org.id, reach: null }), {
        fail: 0,
        warn: COMPONENTS,
        info: 0,
        total: COMPONENTS,
      });
      await services.statistics.idle();
      assert.equal(await plannerRows(store.db, dialect, 'policy_violations'), analysed ? COMPONENTS : null);
    });

    it(`an upload of ${(COMPONENTS - 1).toLocaleString('en')} components leaves the statistics alone`, async (t) => {
      const store = await createTestStore(dialect);
      t.after(() => store.close());
      const services = createServices(store, defaultConfig());
      const org = await services.organisations.create({ slug: 'small', plan: 'professional' });
      await services.sboms.upload(
        org.id,
        'system',
        { fileName: 'small.cdx.json', bytes: sbomOf(COMPONENTS - 1) },
        { assetName: 'small' },
      );
      await services.statistics.idle();
      assert.equal(
        await plannerRows(store.db, dialect, 'sbom_components'),
        dialect === 'postgres' ? -1 : null,
      );
    });

    if (dialect === 'postgres')
      it('the upload answers while the refresh waits for a lock, and a refresh that fails is logged, not thrown', async (t) => {
        const store = await createTestStore(dialect);
        const errors: { fields: object; message: string }[] = [];
        const logger = {
          error: (fields: object, message: string) => void errors.push({ fields, message }),
        } as unknown as Pick<Logger, 'error'>;
        const services = createServices(store, defaultConfig(), { logger });
        const org = await services.organisations.create({ slug: 'locked', plan: 'professional' });
        // Another session holds the lock ANALYZE takes (SHARE UPDATE EXCLUSIVE; inserts take ROW EXCLUSIVE, which
        // it does not block): the upload writes its rows and answers, its refresh waits.
        const other = new pg.Client({ connectionString: testStoreUrl(store) });
        await other.connect();
        // Hooks run in the order they were added: the session ends before the store drops its database.
        t.after(() => other.end());
        t.after(() => store.close());
        await other.query('begin');
        await other.query('lock table sbom_components in share update exclusive mode');
        const upload = await services.sboms.upload(
          org.id,
          'system',
          { fileName: 'big.cdx.json', bytes: sbomOf(COMPONENTS) },
          { assetName: 'big' },
        );
        assert.equal(upload.componentCount, COMPONENTS);
        const waiting = await eventually(
          async () =>
            (
              await other.query<{ pid: number }>(
                `select pid from pg_stat_activity
                  where datname = current_database() and query ilike 'analyze%' and wait_event_type = 'Lock'`,
              )
            ).rows[0]?.pid,
          (pid) => pid !== undefined,
        );
        assert.notEqual(waiting, undefined, 'no ANALYZE waiting for the lock');
        await other.query('select pg_cancel_backend($1)', [waiting]);
        await services.statistics.idle();
        await other.query('rollback');
        assert.deepEqual(
          errors.map((e) => [e.message, (e.fields as { tables: string[] }).tables]),
          [['statistics refresh failed', ['policy_violations', 'sbom_components', 'sboms']]],
        );
        assert.equal(await plannerRows(store.db, dialect, 'sbom_components'), -1);
        // The next large upload refreshes them again.
        await services.sboms.upload(
          org.id,
          'system',
          { fileName: 'big.cdx.json', bytes: sbomOf(COMPONENTS) },
          { assetName: 'big' },
        );
        await services.statistics.idle();
        assert.equal(await plannerRows(store.db, dialect, 'sbom_components'), 2 * COMPONENTS);
      });
  });
}
