// Two large uploads at once (issue 34: "two concurrent 50 MiB uploads keep RSS growth ≤ 6× one file"): a generated
// CycloneDX JSON of 100,000 components (48.5 MiB, generate.ts) uploaded by two organisations at the same moment to
// one real server (server.ts) on a fresh store. With the default MAX_CONCURRENT_LARGE_UPLOADS=2 each organisation
// holds one permit (src/sboms/upload-gate.ts), so both are parsed and written side by side. Prints each upload's
// end to end, the server's CPU, its peak RSS growth over the idle server ÷ one file's size, and that against the
// target. Usage: node bench/upload/concurrent.bench.ts [--components 100000] [--stores sqlite,postgres] [--runs 1]
// (PostgreSQL when DATABASE_URL or TEST_DATABASE_URL names one).
import { mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sampleBackendCpu } from '../support/pg-backend-cpu.ts';
import { cpuSeconds, machine, peakRss } from '../support/process.ts';
import { generateJson } from './generate.ts';
import { benchStores, dropSchema, newSchema, rss, startUploadServer } from './server-process.ts';

const { values } = parseArgs({
  options: {
    components: { type: 'string', default: '100000' },
    stores: { type: 'string', default: 'sqlite,postgres' },
    runs: { type: 'string', default: '1' },
  },
});
const count = Number(values.components);
const wantedStores = values.stores.split(',');
const dir = mkdtempSync(join(tmpdir(), 'bulwark-bench-concurrent-'));
const MiB = 2 ** 20;
/** Issue 34: peak RSS growth of two concurrent uploads ≤ 6× one file. */
const TARGET = 6;

async function upload(base: string, token: string, file: string) {
  const form = new FormData();
  form.append('file', await openAsBlob(file), file.split('/').pop()!);
  const start = performance.now();
  const res = await fetch(`${base}/api/v1/sscs/sboms/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { data: { componentCount: number } | null; error: unknown };
  const seconds = (performance.now() - start) / 1000;
  if (res.status !== 201 || body.data?.componentCount !== count)
    throw new Error(`upload answered ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return seconds;
}

async function concurrentOnce(storeUrl: string, file: string, schema?: string) {
  const { child, base, token, otherToken, applicationName, stop } = await startUploadServer(
    storeUrl,
    schema,
    'bench_concurrent',
  );
  try {
    const idleRss = rss(child.pid!);
    const backends = schema ? await sampleBackendCpu(storeUrl, applicationName) : undefined;
    const cpuBefore = (await cpuSeconds(child.pid!)) ?? 0;
    const start = performance.now();
    const seconds = await Promise.all([upload(base, token, file), upload(base, otherToken, file)]);
    const wall = (performance.now() - start) / 1000;
    const cpuS = ((await cpuSeconds(child.pid!)) ?? 0) - cpuBefore;
    const backendS = ((await backends?.stop()) ?? 0) / 1000;
    const peak = (await peakRss(child.pid!)) ?? 0;
    const { memory, mainCpuS } = await stop();
    return { seconds, wall, cpuS, backendS, idleRss, peakRss: peak, memory, mainCpuS };
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
}

const file = join(dir, 'sbom.cdx.json');
await generateJson(file, count);
const size = statSync(file).size;
const stores = benchStores(wantedStores);

console.log(`machine: ${await machine()}`);
console.log(
  `file: CycloneDX JSON ${(size / MiB).toFixed(1)} MiB, ${count} components, uploaded twice at once by two organisations`,
);
const summary: string[] = [];
for (let run = 0; run < Number(values.runs); run++) {
  for (const store of stores) {
    const schema = store.pg ? await newSchema(store.pg, 'bench_concurrent') : undefined;
    const url = store.pg ?? `sqlite:${join(dir, `concurrent-${Date.now()}.sqlite`)}`;
    try {
      const r = await concurrentOnce(url, file, schema);
      const growth = (r.peakRss - r.idleRss) / size;
      console.log(
        `${store.label.padEnd(10)} two uploads ${r.seconds.map((s) => s.toFixed(2)).join(' s, ')} s (both done ${r.wall.toFixed(2)} s); ` +
          `server CPU ${r.cpuS.toFixed(2)} s (main thread ${r.mainCpuS.toFixed(2)} s)${store.pg ? `, PostgreSQL backends ${r.backendS.toFixed(2)} s` : ''}; ` +
          `peak RSS ${(r.peakRss / MiB).toFixed(0)} MiB (idle ${(r.idleRss / MiB).toFixed(0)} MiB), growth ${growth.toFixed(2)}× one file ` +
          `(target ≤ ${TARGET}×: ${(growth / TARGET).toFixed(2)} of it); at the RSS peak (MiB): ${r.memory}`,
      );
      summary.push(
        `${store.label}: two concurrent uploads, RSS growth ${growth.toFixed(2)}× one file = ${(growth / TARGET).toFixed(2)}× the target (≤ ${TARGET}×), server CPU ${r.cpuS.toFixed(2)} s`,
      );
    } finally {
      if (schema && store.pg) await dropSchema(store.pg, schema);
    }
  }
}
for (const line of summary) console.log(`ratio: ${line}`);
rmSync(dir, { recursive: true, force: true });
