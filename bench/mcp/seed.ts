// Seeds the tool-server benchmark's store: the 10,000-identity demo organisation (`bulwark demo --identities
// 10000`, seed 1) with 19 more workspace users and 1,000,000 audit entries, plus a scratch organisation for the
// write tool. Seeding takes minutes, so a seeded store is reused, but only when it is complete and was seeded by
// the same code: the last step writes a marker (a token named after a hash of the governance code, the migrations and this file),
// and a store without the current marker is wiped and seeded again.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import { insertMany } from '../../src/db/helpers.ts';
import { runDemo } from '../../src/governance/demo/demo.service.ts';
import type { Services } from '../../src/services.ts';
import type { Principal } from '../../src/tenancy/principal.ts';
import { newId } from '../../src/shared/ids.ts';

export const IDENTITIES = 10_000;
export const AUDIT_ENTRIES = 1_000_000;
export const SLUG = 'bench-mcp-demo';
const USERS = 20;
const ACTIONS = [
  'vendor.create',
  'vendor.replace',
  'finding.status_change',
  'sbom.upload',
  'risk.create_draft',
];

/**
 * Changes whenever the code that shapes the seeded data changes: the governance domain (demo generator, import,
 * the snapshots the import stores), the migrations and this seed. A store seeded by other code is not reused
 * (a store seeded before the posture snapshot existed measured the tools' slower snapshot-less path).
 */
export function seedVersion(): string {
  const hash = createHash('sha256');
  for (const dir of ['../../src/governance/', '../../src/db/migrations/']) {
    const root = new URL(dir, import.meta.url);
    for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' }).sort())
      if (file.endsWith('.ts') && !file.endsWith('.test.ts')) hash.update(readFileSync(new URL(file, root)));
  }
  hash.update(readFileSync(new URL(import.meta.url)));
  return hash.digest('hex').slice(0, 12);
}

export interface BenchOrg {
  orgId: string;
  /** mcp:read on the demo organisation. */
  token: string;
  actorId: string;
  /** mcp:read + mcp:write on the scratch organisation (write tools enabled), for risk_create_draft. */
  scratchToken: string;
}

/** A reader of the demo organisation, for calling tools' handlers in process (cpu.ts, sqlite-statements.ts). */
export const benchPrincipal = (orgId: string): Principal => ({
  tokenId: 'tok_bench',
  orgId,
  userId: 'usr_bench',
  scopes: new Set(['mcp:read']),
  plan: 'professional',
  mcpWriteEnabled: false,
  reach: null,
  writable: null,
});

/** Whether the store holds a complete seed by this code (the marker token is written last). */
export async function isSeeded(services: Services): Promise<boolean> {
  const org = await services.organisations.findBySlug(SLUG);
  if (!org) return false;
  const marker = `bench-seeded-${seedVersion()}`;
  return (await services.tokens.list(org.id)).some((t) => t.name === marker);
}

/** Seeds an empty store (the caller wipes an incomplete one first). */
export async function seed(
  db: Kysely<Database>,
  services: Services,
  log: (msg: string) => void,
): Promise<void> {
  log(`seeding the demo organisation (${IDENTITIES} identities)…`);
  const demo = await runDemo(db, services, SLUG, { identities: IDENTITIES, seed: 1 });
  const orgId = demo.org.id;
  for (let i = 1; i < USERS; i++)
    await services.users.add(orgId, { email: `user${i}@bench.example`, name: `Bench User ${i}` });
  const users = await services.users.list(orgId);
  log(`seeding ${AUDIT_ENTRIES} audit entries…`);
  const start = Date.now() - AUDIT_ENTRIES * 1000;
  for (let done = 0; done < AUDIT_ENTRIES; done += 50_000) {
    const rows: Record<string, unknown>[] = [];
    for (let i = done; i < Math.min(done + 50_000, AUDIT_ENTRIES); i++) {
      const at = start + i * 1000;
      rows.push({
        id: newId('aud', at),
        org_id: orgId,
        actor_id: i % 10 === 0 ? 'system' : users[i % users.length]!.id,
        action: ACTIONS[i % ACTIONS.length]!,
        entity_type: 'vendor',
        entity_id: `vnd_${i}`,
        details: null,
        at: new Date(at).toISOString(),
      });
    }
    await db.transaction().execute((trx) => insertMany(trx, 'audit_log', rows));
  }
  const scratch = await services.organisations.create({ slug: `${SLUG}-scratch`, mcpWriteEnabled: true });
  await services.users.add(scratch.id, { email: 'writer@bench.example' });
  // Fresh statistics after a bulk load, as autovacuum (PostgreSQL) or a periodic ANALYZE would give them.
  await sql`analyze`.execute(db);
  await services.tokens.create({
    orgId,
    scopes: ['mcp:read'],
    name: `bench-seeded-${seedVersion()}`,
  });
}

/** Tokens for this run (new each run: the secrets are not stored) and the ids the tools' arguments need. */
export async function benchOrg(services: Services): Promise<BenchOrg> {
  const org = await services.organisations.requireBySlug(SLUG);
  const users = await services.users.list(org.id);
  const { secret } = await services.tokens.create({
    orgId: org.id,
    scopes: ['mcp:read'],
    name: 'bench',
  });
  const scratchOrg = await services.organisations.requireBySlug(`${SLUG}-scratch`);
  const scratch = await services.tokens.create({
    orgId: scratchOrg.id,
    scopes: ['mcp:read', 'mcp:write'],
    name: 'bench-writer',
  });
  return { orgId: org.id, token: secret, actorId: users[1]!.id, scratchToken: scratch.secret };
}
