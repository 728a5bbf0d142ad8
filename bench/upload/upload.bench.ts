// End-to-end SBOM upload over real HTTP: a generated ~50 MiB CycloneDX JSON (100,000 components) and its XML
// twin, each uploaded to the real server on a fresh store (SQLite file; PostgreSQL too when DATABASE_URL or
// TEST_DATABASE_URL names one), against the floor measured in the same run (baseline.ts).
// Usage: node bench/upload/upload.bench.ts [--components 100000]
import { mkdtempSync, openAsBlob, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { cpuSeconds, machine, peakRss, startProcess } from '../support/process.ts';
import { prepareSbom } from '../../src/sboms/prepared-sbom.ts';
import { measureBaseline } from './baseline.ts';
import { generateSboms } from './generate.ts';

const { values } = parseArgs({ options: { components: { type: 'string', default: '100000' } } });
const count = Number(values.components);
const dir = mkdtempSync(join(tmpdir(), 'bulwark-bench-upload-'));
const server = new URL('./server.ts', import.meta.url).pathname;
const MiB = 2 ** 20;

const rss = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
};

/** Sequential small GETs until stopped: what another client sees while the upload runs. */
function poll(url: string, headers: Record<string, string>) {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
      latencies.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return async () => {
    running = false;
    await loop;
    latencies.sort((a, b) => a - b);
    return {
      n: latencies.length,
      p50: latencies[Math.floor(latencies.length / 2)] ?? 0,
      max: latencies.at(-1) ?? 0,
    };
  };
}

interface Result {
  seconds: number;
  /** CPU seconds the server process (all threads) spent on the upload: steadier than wall time on a busy machine. */
  cpuS: number;
  idleRss: number;
  peakRss: number;
  health: { n: number; p50: number; max: number };
  authed: { n: number; p50: number; max: number };
}

async function uploadOnce(storeUrl: string, file: string, schema?: string): Promise<Result> {
  const { child, url } = await startProcess(server, schema ? [storeUrl, schema] : [storeUrl]);
  const [base, token] = url.split(' ') as [string, string];
  const auth = { authorization: `Bearer ${token}` };
  try {
    const idleRss = rss(child.pid!);
    const stopHealth = poll(`${base}/healthz`, {});
    const stopAuthed = poll(`${base}/api/v1/sscs/sboms?q=nothing-matches`, auth);
    const form = new FormData();
    form.append('file', await openAsBlob(file), file.split('/').pop()!);
    const cpuBefore = (await cpuSeconds(child.pid!)) ?? 0;
    const start = performance.now();
    const res = await fetch(`${base}/api/v1/sscs/sboms/upload`, {
      method: 'POST',
      body: form,
      headers: auth,
    });
    const body = (await res.json()) as { data: { componentCount: number } | null; error: unknown };
    const seconds = (performance.now() - start) / 1000;
    const cpuS = ((await cpuSeconds(child.pid!)) ?? 0) - cpuBefore;
    const [health, authed] = [await stopHealth(), await stopAuthed()];
    if (res.status !== 201 || body.data?.componentCount !== count)
      throw new Error(`upload answered ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return { seconds, cpuS, idleRss, peakRss: (await peakRss(child.pid!)) ?? 0, health, authed };
  } finally {
    child.kill('SIGTERM');
  }
}

const files = await generateSboms(dir, count);
const size = { json: statSync(files.json).size, xml: statSync(files.xml).size };
// The rows the server would store for the JSON file, computed outside the baseline's timing.
const baseline = measureBaseline(
  files.json,
  dir,
  prepareSbom('big.cdx.json', readFileSync(files.json), 'org_bench', 'sbom_bench').rows,
);

const stores: { label: string; url: string; pg?: string }[] = [
  { label: 'SQLite', url: `sqlite:${join(dir, 'bulwark.sqlite')}` },
];
const pgUrl = [process.env.DATABASE_URL, process.env.TEST_DATABASE_URL].find((u) =>
  u?.startsWith('postgres'),
);
if (pgUrl) stores.push({ label: 'PostgreSQL', url: pgUrl, pg: pgUrl });

console.log(`machine: ${await machine()}`);
console.log(
  `files: JSON ${(size.json / MiB).toFixed(1)} MiB, XML ${(size.xml / MiB).toFixed(1)} MiB, ${count} components each`,
);
console.log(
  `baseline (JSON.parse ${baseline.parseS.toFixed(2)} s + one prepared INSERT × ${baseline.rows} in one SQLite WAL transaction ${baseline.insertS.toFixed(2)} s): ` +
    `${baseline.totalS.toFixed(2)} s, ${baseline.cpuS.toFixed(2)} CPU s`,
);
for (const store of stores) {
  for (const kind of ['json', 'xml'] as const) {
    let schema: string | undefined;
    if (store.pg) {
      schema = `bench_upload_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: store.pg });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
    }
    const url = store.pg ? store.url : `sqlite:${join(dir, `${kind}-${Date.now()}.sqlite`)}`;
    try {
      const r = await uploadOnce(url, files[kind], schema);
      const target = kind === 'json' ? `target ≤ 3× baseline and ≤ 4 s` : 'target ≤ 8 s';
      console.log(
        `${store.label.padEnd(10)} ${kind.toUpperCase().padEnd(4)} ${r.seconds.toFixed(2)} s end to end (${target}), ${(count / r.seconds).toFixed(0)} components/s, ` +
          `${(r.seconds / baseline.totalS).toFixed(2)}× baseline; server CPU ${r.cpuS.toFixed(2)} s = ${(r.cpuS / baseline.cpuS).toFixed(2)}× baseline CPU; peak RSS ${(r.peakRss / MiB).toFixed(0)} MiB = ${(r.peakRss / size[kind]).toFixed(1)}× file ` +
          `(idle ${(r.idleRss / MiB).toFixed(0)} MiB, growth ${((r.peakRss - r.idleRss) / size[kind]).toFixed(1)}× file); ` +
          `GET /healthz during upload p50 ${r.health.p50.toFixed(0)} ms max ${r.health.max.toFixed(0)} ms (${r.health.n}); ` +
          `authenticated GET /sscs/sboms p50 ${r.authed.p50.toFixed(0)} ms max ${r.authed.max.toFixed(0)} ms (${r.authed.n})`,
      );
    } finally {
      if (schema && store.pg) {
        const admin = new pg.Client({ connectionString: store.pg });
        await admin.connect();
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      }
    }
  }
}
rmSync(dir, { recursive: true, force: true });
