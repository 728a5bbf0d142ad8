// The answers of the tools a change touches, at several reference times, written one JSON file each, so two
// trees' code can be compared byte for byte on the same seeded store (BENCHMARKS.md, "Tool server": answers
// must stay main's). --root names the tree whose code answers (default: this one).
// Usage: [DATABASE_URL=postgres://… BENCH_MCP_SCHEMA=…] node bench/mcp/answers.ts --out DIR [--root /work/wt-x]
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SLUG } from './seed.ts';

const { values } = parseArgs({ options: { out: { type: 'string' }, root: { type: 'string' } } });
const root = values.root ?? new URL('../..', import.meta.url).pathname;
const out = values.out!;
mkdirSync(out, { recursive: true });
const load = (path: string) => import(`${root}/${path}`);
const { openStore } = await load('src/db/connect.ts');
const { defaultConfig } = await load('src/config.ts');
const { createServices } = await load('src/services.ts');
const { postureSummary } = await load('src/governance/posture/posture.service.ts');
const { staleAccounts } = await load('src/governance/access/accounts.service.ts');
const { highRiskLifecycle } = await load('src/governance/access/grants.service.ts');
const { concentration } = await load('src/governance/access/peers.service.ts');
const { departmentRisk } = await load('src/governance/access/risk.service.ts');

const pgUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const store = pgUrl
  ? openStore(pgUrl, undefined, { schema: process.env.BENCH_MCP_SCHEMA ?? 'bench_mcp_demo' })
  : openStore(`sqlite:${new URL('../.out/mcp-demo.sqlite', import.meta.url).pathname}`);
const services = createServices(store, defaultConfig());
const org = await services.organisations.requireBySlug(SLUG);
// Reference times: mid-day cuts, a day's last millisecond, months back (fixed: "now" moves between runs).
const times = [
  '2026-11-27T12:00:00.000Z',
  '2026-11-20T06:30:00.000Z',
  '2026-09-30T23:59:59.999Z',
  '2026-06-15T12:00:00.000Z',
];
const tools: Record<string, (asOf: string) => Promise<unknown>> = {
  posture_summary: (asOf) => postureSummary(store.db, org.id, services, { asOf }),
  access_stale_accounts: (asOf) => staleAccounts(store.db, org.id, { asOf }),
  access_high_risk_lifecycle: (asOf) => highRiskLifecycle(store.db, org.id, { asOf }),
  access_concentration: (asOf) => concentration(store.db, org.id, { asOf }),
  access_department_risk: (asOf) => departmentRisk(store.db, org.id, { asOf }),
};
for (const [name, answer] of Object.entries(tools))
  for (const asOf of times) {
    const first = JSON.stringify(await answer(asOf));
    const second = JSON.stringify(await answer(asOf));
    if (first !== second) throw new Error(`${name} at ${asOf}: two calls disagree`);
    writeFileSync(`${out}/${name}@${asOf}.json`, first);
  }
await store.close();
