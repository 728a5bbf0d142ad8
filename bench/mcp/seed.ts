// Seeds (once) a benchmark organisation: 1,000,000 audit entries by 20 users and 10,000 vendors.
// The SQLite file is kept under bench/.out/ and reused by later runs; with DATABASE_URL it seeds PostgreSQL.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import { insertMany } from '../../src/db/helpers.ts';
import type { Services } from '../../src/services.ts';
import { newId } from '../../src/shared/ids.ts';

export const AUDIT_ENTRIES = 1_000_000;
export const VENDORS = 10_000;
const USERS = 20;
const ACTIONS = [
  'vendor.create',
  'vendor.replace',
  'finding.status_change',
  'sbom.upload',
  'risk.create_draft',
];
const TYPES = ['oss', 'commercial', 'internal'] as const;
const STATUSES = ['not_started', 'in_progress', 'completed'] as const;

export interface BenchOrg {
  orgId: string;
  token: string;
  actorId: string;
}

export async function seedBenchOrg(
  db: Kysely<Database>,
  services: Services,
  log: (msg: string) => void,
): Promise<BenchOrg> {
  const slug = 'bench-mcp';
  const existing = await services.tenancy.findOrganization(slug);
  const org = existing ?? (await services.tenancy.createOrganization({ slug, plan: 'professional' }));
  let users = await services.tenancy.listUsers(org.id);
  if (users.length < USERS) {
    for (let i = users.length; i < USERS; i++) {
      await services.tenancy.createUser(slug, { email: `user${i}@bench.example`, name: `Bench User ${i}` });
    }
    users = await services.tenancy.listUsers(org.id);
  }
  const { secret } = await services.tenancy.createToken({
    orgSlug: slug,
    scopes: ['sbom:read', 'mcp:read'],
    name: 'bench',
  });
  const audit = Number(
    (
      await db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('org_id', '=', org.id)
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (audit < AUDIT_ENTRIES) {
    log(`seeding ${AUDIT_ENTRIES - audit} audit entries…`);
    const start = Date.now() - (AUDIT_ENTRIES - audit) * 1000;
    for (let done = audit; done < AUDIT_ENTRIES; done += 50_000) {
      const rows: Record<string, unknown>[] = [];
      for (let i = done; i < Math.min(done + 50_000, AUDIT_ENTRIES); i++) {
        const at = start + (i - audit) * 1000;
        rows.push({
          id: newId('aud', at),
          org_id: org.id,
          actor_id: i % 10 === 0 ? 'system' : users[i % USERS]!.id,
          action: ACTIONS[i % ACTIONS.length]!,
          entity_type: 'vendor',
          entity_id: `vnd_${i}`,
          details: null,
          at: new Date(at).toISOString(),
        });
      }
      await db.transaction().execute((trx) => insertMany(trx, 'audit_log', rows));
    }
  }
  const vendors = Number(
    (
      await db
        .selectFrom('vendors')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('org_id', '=', org.id)
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (vendors < VENDORS) {
    log(`seeding ${VENDORS - vendors} vendors…`);
    const now = new Date().toISOString();
    const rows: Record<string, unknown>[] = [];
    for (let i = vendors; i < VENDORS; i++) {
      rows.push({
        id: newId('vnd'),
        org_id: org.id,
        name: `Vendor ${String(i).padStart(5, '0')}`,
        type: TYPES[i % 3]!,
        risk_tier: (i % 3) + 1,
        assessment_status: STATUSES[i % 3]!,
        website: `https://vendor${i}.example`,
        notes: `Contact: sales${i}@vendor${i}.example`,
        created_at: now,
        updated_at: now,
      });
    }
    await db.transaction().execute((trx) => insertMany(trx, 'vendors', rows));
  }
  if (audit < AUDIT_ENTRIES || vendors < VENDORS) {
    // Fresh statistics after a bulk load, as autovacuum (PostgreSQL) or a periodic ANALYZE would give them.
    await sql`analyze`.execute(db);
  }
  return { orgId: org.id, token: secret, actorId: users[1]!.id };
}
