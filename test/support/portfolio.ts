// Test helpers of the scoped-access tests: one organisation, three assets and two teams with overlapping tags.
// Team A grants tag `pay` with role member; team B grants tags `pay` and `web` with role viewer. Asset X (pay-api) is tagged pay, Y (web-shop) web,
// Z (ops-tool) nothing; each has one SBOM with the pipeline fixture's findings (3 each). A second organisation
// has its own asset, to compare "out of reach" with "another organisation's id".
import type { TestContext } from 'node:test';
import { build, createOrg, type TestEnv, type TestOrg } from './app.ts';
import { addUser, signIn, type SignedIn } from './session.ts';
import type { Config } from '../../src/config.ts';
import type { DialectName } from '../../src/db/connect.ts';
import { formRequest, loadAdvisories, shopSbom } from '../../src/pipeline/pipeline-fixture.ts';
import { replaceTags } from '../../src/portfolio/asset.repository.ts';

export interface ScopedWorld extends TestEnv {
  org: TestOrg;
  other: TestOrg;
  /** SBOM ids and asset ids by asset: x (pay), y (web), z (untagged). */
  sboms: { x: string; y: string; z: string; foreign: string };
  assets: { x: string; y: string; z: string; foreign: string };
  admin: SignedIn;
  /** Team A only (tag pay): reaches X. */
  memberA: SignedIn;
  /** Team B only (tags pay, web): reaches X and Y. */
  memberB: SignedIn;
  /** In no team: reaches nothing once portfolioAccess is on. */
  loner: SignedIn;
  /** A member in teams A and B: reaches X and Y, may change X (A's grant, role member) but only view Y. */
  mixed: SignedIn;
  teamA: string;
  teamB: string;
  /** API tokens (all a member's scopes) of memberA and of the admin. */
  tokens: { memberA: string; admin: string };
}

async function upload(
  env: TestEnv,
  org: TestOrg,
  assetName: string,
): Promise<{ sbom: string; asset: string }> {
  const res = await formRequest(env.app, org, '/api/v1/sscs/sboms/upload', [
    ['file', shopSbom('2.10', '0.3.7'), `${assetName}.cdx.json`],
    ['assetName', assetName],
    ['version', '1'],
  ]);
  if (res.statusCode !== 201) throw new Error(`upload ${assetName}: ${res.body}`);
  const sbom = res.json().data.id as string;
  const row = await env.store.db
    .selectFrom('sboms')
    .select('asset_id')
    .where('id', '=', sbom)
    .executeTakeFirstOrThrow();
  return { sbom, asset: row.asset_id };
}

/** The world above, with `portfolioAccess` on unless `portfolioAccess: false`; `config` for the app. */
export async function scopedWorld(
  t: Pick<TestContext, 'after'>,
  dialect: DialectName,
  options: { portfolioAccess?: boolean; config?: Partial<Config> } = {},
): Promise<ScopedWorld> {
  const env = await build(t, dialect, options.config ? { config: options.config } : {});
  const { services, app, store } = env;
  await loadAdvisories(t, services);
  const org = await createOrg(services);
  const other = await createOrg(services);
  await services.organisations.update(org.id, { mcpSupplyChainTools: true });
  // A security policy: each SBOM gets two violations (its CRITICAL and HIGH findings).
  const policy = await app.inject({
    method: 'POST',
    url: '/api/v1/sscs/policies',
    headers: org.bearer(),
    payload: {
      name: 'No high',
      kind: 'security',
      violationState: 'fail',
      conditions: [{ subject: 'severity', operator: 'at_least', value: 'HIGH' }],
    },
  });
  if (policy.statusCode !== 201) throw new Error(`policy: ${policy.body}`);
  const x = await upload(env, org, 'pay-api');
  const y = await upload(env, org, 'web-shop');
  const z = await upload(env, org, 'ops-tool');
  const foreign = await upload(env, other, 'pay-api');
  await replaceTags(store.db, org.id, x.asset, ['pay']);
  await replaceTags(store.db, org.id, y.asset, ['web']);
  await replaceTags(store.db, other.id, foreign.asset, ['pay']);
  const users = {
    admin: await addUser(services, org, 'admin'),
    memberA: await addUser(services, org, 'member'),
    memberB: await addUser(services, org, 'viewer'),
    loner: await addUser(services, org, 'member'),
    mixed: await addUser(services, org, 'member'),
  };
  const teamA = await services.teams.create(org.id, users.admin.id, {
    name: 'Team A',
    members: [users.memberA.id, users.mixed.id],
    grants: [{ assetTags: ['pay'], role: 'member' }],
  });
  const teamB = await services.teams.create(org.id, users.admin.id, {
    name: 'Team B',
    members: [users.memberB.id, users.mixed.id],
    grants: [{ assetTags: ['pay', 'web'], role: 'viewer' }],
  });
  if (options.portfolioAccess !== false)
    await services.organisations.update(org.id, { portfolioAccess: true });
  const scopes = ['sbom:read', 'sbom:write', 'mcp:read'] as ('sbom:read' | 'sbom:write' | 'mcp:read')[];
  const token = async (email: string) =>
    (await services.tokens.create({ orgId: org.id, userEmail: email, scopes })).secret;
  return {
    ...env,
    app,
    org,
    other,
    sboms: { x: x.sbom, y: y.sbom, z: z.sbom, foreign: foreign.sbom },
    assets: { x: x.asset, y: y.asset, z: z.asset, foreign: foreign.asset },
    admin: await signIn(app, users.admin.email),
    memberA: await signIn(app, users.memberA.email),
    memberB: await signIn(app, users.memberB.email),
    loner: await signIn(app, users.loner.email),
    mixed: await signIn(app, users.mixed.email),
    teamA: teamA.id,
    teamB: teamB.id,
    tokens: { memberA: await token(users.memberA.email), admin: await token(users.admin.email) },
  };
}
