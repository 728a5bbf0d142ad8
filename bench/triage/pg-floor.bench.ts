// Where PostgreSQL's time goes when a rule triages 100,000 findings (BENCHMARKS.md "Triage rules"): the same
// seeded rows, each statement variant timed in a transaction that is rolled back, with a VACUUM between them so
// no variant pays for the previous one's dead rows. Index costs are measured by dropping the index inside the
// rolled-back transaction (PostgreSQL's DDL is transactional). Each line gives the wall time and the CPU time of
// the backend that ran it: on the shared machine the second moves far less with the others' load.
// Usage: DATABASE_URL=postgres://… node bench/triage/pg-floor.bench.ts [--findings 100000] [--repeat 2]
// [--only <regexp of variant names>]
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import { openThrowawaySchemaStore } from '../support/pg-schema-store.ts';
import { cpuMsOf } from '../support/pg-backend-cpu.ts';
import { machine } from '../support/process.ts';
import { seedTriage } from './seed.ts';

const { values } = parseArgs({
  options: {
    findings: { type: 'string', default: '100000' },
    repeat: { type: 'string', default: '2' },
    only: { type: 'string' },
  },
});
const total = Number(values.findings);
const repeat = Number(values.repeat);

const store = await openThrowawaySchemaStore();
const { orgId } = await seedTriage(store, total);
const db = store.db;

const RULE_SET = sql`status = 'accepted_risk', justification = null, response = '["will_not_fix"]',
  detail = 'frozen until the rewrite', triage_source = 'rule', triage_rule_id = 'trl_bench',
  updated_at = '2026-11-27T00:00:00.000Z', status_changed_at = '2026-11-27T00:00:00.000Z'`;

const HISTORY_FROM = (source: string) =>
  sql.raw(`insert into finding_history (id, org_id, finding_id, event, from_status, to_status, notes, actor_id,
    at, justification, response, detail, rule_id)
  select 'fnh_' || id, org_id, id, 'status_change', 'open', 'accepted_risk', 'rule trl_bench (bench)', 'system',
    '2026-11-27T00:00:00.000Z', null, '["will_not_fix"]', 'frozen until the rewrite', 'trl_bench' from ${source}`);

const variants: Record<string, (trx: Kysely<Database>) => Promise<unknown>> = {
  'bare UPDATE of status': (trx) =>
    sql`update findings set status = 'accepted_risk' where org_id = ${orgId}`.execute(trx),
  "UPDATE of a rule's columns": (trx) =>
    sql`update findings set ${RULE_SET} where org_id = ${orgId} and status = 'open'`.execute(trx),
  'SELECT … FOR UPDATE of every finding (the row locks a page read takes)': (trx) =>
    sql`select id from findings where org_id = ${orgId} for update`.execute(trx),
  'history INSERT … SELECT alone': (trx) =>
    sql`${HISTORY_FROM(`findings where org_id = '${orgId}'`)}`.execute(trx),
  'UPDATE … RETURNING + history INSERT (one statement)': (trx) =>
    sql`with u as (update findings set ${RULE_SET} where org_id = ${orgId} and status = 'open'
      returning id, org_id) ${HISTORY_FROM('u')}`.execute(trx),
};

const FINDING_INDEXES = [
  'findings_org_sbom_idx',
  'findings_org_status_sbom_idx',
  'findings_rule_id_idx',
  'findings_rule_source_idx',
  'findings_sbom_status_idx',
];
variants["UPDATE of a rule's columns without findings_org_sbom_idx and findings_rule_source_idx"] = async (
  trx,
) => {
  await sql`drop index findings_org_sbom_idx`.execute(trx);
  await sql`drop index findings_rule_source_idx`.execute(trx);
  await variants["UPDATE of a rule's columns"]!(trx);
};
for (const index of FINDING_INDEXES)
  variants[`UPDATE of a rule's columns without ${index}`] = async (trx) => {
    await sql`drop index ${sql.id(index)}`.execute(trx);
    await variants["UPDATE of a rule's columns"]!(trx);
  };
variants["UPDATE of a rule's columns without any secondary index"] = async (trx) => {
  variants["UPDATE of a rule's columns without findings_org_sbom_idx and findings_rule_source_idx"] = async (
    trx,
  ) => {
    await sql`drop index findings_org_sbom_idx`.execute(trx);
    await sql`drop index findings_rule_source_idx`.execute(trx);
    await variants["UPDATE of a rule's columns"]!(trx);
  };
  for (const index of FINDING_INDEXES) await sql`drop index ${sql.id(index)}`.execute(trx);
  await variants["UPDATE of a rule's columns"]!(trx);
};
variants['history INSERT without its foreign key'] = async (trx) => {
  await sql`alter table finding_history drop constraint finding_history_finding_id_fkey`.execute(trx);
  await variants['history INSERT … SELECT alone']!(trx);
};

class Rollback extends Error {}

console.log(`triage floor bench (PostgreSQL): ${total} open findings; ${await machine()}`);
const only = values.only === undefined ? undefined : new RegExp(values.only);
for (const [name, run] of Object.entries(variants)) {
  if (only && !only.test(name)) continue;
  const times: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < repeat; i++) {
    await sql`vacuum analyze findings`.execute(db);
    await sql`vacuum analyze finding_history`.execute(db);
    let ms = 0;
    let cpu = 0;
    await db
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        const pid = rows[0]!.pid;
        const cpuBefore = cpuMsOf(pid)!;
        const start = performance.now();
        await run(trx);
        ms = performance.now() - start;
        cpu = cpuMsOf(pid)! - cpuBefore;
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    times.push(ms);
    cpus.push(cpu);
  }
  const list = (values: number[]) => values.map((t) => t.toFixed(0).padStart(6)).join(' ');
  console.log(`${name.padEnd(70)} wall ${list(times)} ms, backend CPU ${list(cpus)} ms`);
}
await store.close();
