// An OAuth access token against an API token on the same tool call (tools/call supplier_list), in one run and
// one server process (oauth-target.ts): closed-loop throughput and latency, alternating A/B/A/B so drift on the
// shared machine hits both. Target (issue 30): an OAuth-token call costs no more than an API-token call.
// Usage: node bench/mcp/oauth.bench.ts [--seconds 5] [--connections 4]  (DATABASE_URL=postgres://… for PostgreSQL)
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { machine, startProcess } from '../support/process.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '4' } },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const { child, url: line } = await startProcess(new URL('./oauth-target.ts', import.meta.url).pathname, []);
const [base, apiToken, oauthToken] = line.split(' ') as [string, string, string];
const body = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'supplier_list', arguments: {} },
});

async function run(secret: string, duration: number) {
  const result = await autocannon({
    url: `${base}/api/v1/mcp`,
    method: 'POST',
    headers: {
      authorization: `Bearer ${secret}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body,
    connections,
    duration,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

try {
  console.log(`OAuth vs API token, tools/call supplier_list, ${connections} connections, ${seconds} s each`);
  console.log(
    `machine: ${await machine()}; store: ${process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}`,
  );
  await run(apiToken, 1);
  await run(oauthToken, 1);
  const totals = { api: [] as number[], oauth: [] as number[] };
  for (let round = 1; round <= 2; round++) {
    for (const [label, secret] of [
      ['api', apiToken],
      ['oauth', oauthToken],
    ] as const) {
      const r = await run(secret, seconds);
      totals[label].push(r.rps);
      console.log(
        `round ${round} ${label.padEnd(5)} ${r.rps.toFixed(0).padStart(6)} calls/s  p50 ${r.p50} ms  p99 ${r.p99} ms`,
      );
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const ratio = mean(totals.api) / mean(totals.oauth);
  console.log(
    `OAuth-token call cost / API-token call cost: ${ratio.toFixed(2)} (target ≤ 1.00; from calls/s)`,
  );
} finally {
  child.kill('SIGTERM');
}
