// End-to-end SBOM upload over real HTTP: a generated ~50 MiB CycloneDX JSON (100,000 components), its XML twin
// and its SPDX JSON twin, each uploaded to the real server on a fresh store (SQLite file; PostgreSQL too when
// DATABASE_URL or TEST_DATABASE_URL names one), against the store's floor measured in the same run (baseline.ts).
// Usage: node bench/upload/upload.bench.ts [--components 100000] [--formats json,xml,spdx] [--stores sqlite,postgres]
import { mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sampleBackendCpu } from '../support/pg-backend-cpu.ts';
import { cpuSeconds, machine, peakRss } from '../support/process.ts';
import { postgresFloor, sqliteFloor, type Floor } from './baseline.ts';
import { generateSboms } from './generate.ts';
import { benchStores, dropSchema, newSchema, rss, startUploadServer } from './server-process.ts';

const { values } = parseArgs({
  options: {
    components: { type: 'string', default: '100000' },
    formats: { type: 'string', default: 'json,xml,spdx' },
    stores: { type: 'string', default: 'sqlite,postgres' },
  },
});
const count = Number(values.components);
const kinds = values.formats.split(',') as ('json' | 'xml' | 'spdx')[];
const wantedStores = values.stores.split(',');
const dir = mkdtempSync(join(tmpdir(), 'bulwark-bench-upload-'));
const MiB = 2 ** 20;

/** Sequential small requests (GETs, or POSTs of `body`) until stopped: what another client sees while the upload runs. */
function poll(url: string, headers: Record<string, string>, body?: () => unknown) {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      const res = await fetch(
        url,
        body
          ? {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify(body()),
            }
          : { headers },
      );
      await res.arrayBuffer();
      if (res.status !== (body ? 201 : 200))
        throw new Error(`${body ? 'POST' : 'GET'} ${url} answered ${res.status}`);
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
      p99: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0,
      max: latencies.at(-1) ?? 0,
    };
  };
}

interface Latencies {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

interface Result {
  seconds: number;
  /** CPU seconds the server process (all threads) spent on the upload: steadier than wall time on a busy machine. */
  cpuS: number;
  /** PostgreSQL: CPU seconds its backends spent for the server's connections during the upload (else 0). */
  backendS: number;
  idleRss: number;
  peakRss: number;
  health: Latencies;
  authed: Latencies;
  /** Another organisation's small writes (POST /sscs/vendors). */
  otherWrite: Latencies;
  /** The server's main thread: its most CPU time between two ticks of a 10 ms timer (bench/upload/server.ts). */
  hold: number;
  /** The server's main thread's CPU seconds from its start of listening to its end (bench/upload/server.ts). */
  mainCpuS: number;
  /** At the server's sampled RSS peak (MiB, idle → peak): the main thread's heap, Buffers and ArrayBuffers. */
  memory: string;
}

async function uploadOnce(storeUrl: string, file: string, schema?: string): Promise<Result> {
  const { child, base, token, otherToken, applicationName, stop } = await startUploadServer(
    storeUrl,
    schema,
    'bench_upload',
  );
  const auth = { authorization: `Bearer ${token}` };
  let vendors = 0;
  try {
    const idleRss = rss(child.pid!);
    const stopHealth = poll(`${base}/healthz`, {});
    const stopAuthed = poll(`${base}/api/v1/sscs/sboms?q=nothing-matches`, auth);
    const stopOther = poll(`${base}/api/v1/sscs/vendors`, { authorization: `Bearer ${otherToken}` }, () => ({
      name: `vendor ${++vendors}`,
      type: 'commercial',
      riskTier: 2,
      assessmentStatus: 'not_started',
    }));
    const form = new FormData();
    form.append('file', await openAsBlob(file), file.split('/').pop()!);
    const backends = schema ? await sampleBackendCpu(storeUrl, applicationName) : undefined;
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
    const backendS = ((await backends?.stop()) ?? 0) / 1000;
    const [health, authed, otherWrite] = [await stopHealth(), await stopAuthed(), await stopOther()];
    if (res.status !== 201 || body.data?.componentCount !== count)
      throw new Error(`upload answered ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    const peak = (await peakRss(child.pid!)) ?? 0;
    const { hold, memory, mainCpuS } = await stop();
    return {
      seconds,
      cpuS,
      backendS,
      idleRss,
      peakRss: peak,
      health,
      authed,
      otherWrite,
      hold,
      mainCpuS,
      memory,
    };
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
}

const files = await generateSboms(dir, count);
const size = {
  json: statSync(files.json).size,
  xml: statSync(files.xml).size,
  spdx: statSync(files.spdx).size,
};
const stores = benchStores(wantedStores);

console.log(`machine: ${await machine()}`);
console.log(
  `files: CycloneDX JSON ${(size.json / MiB).toFixed(1)} MiB, CycloneDX XML ${(size.xml / MiB).toFixed(1)} MiB, SPDX JSON ${(size.spdx / MiB).toFixed(1)} MiB, ${count} components each`,
);
const TARGET = { json: 1.5, xml: 2, spdx: 2 } as const;
const summary: string[] = [];
for (const store of stores) {
  let floor: Floor;
  if (store.pg) {
    const schema = await newSchema(store.pg, 'bench_upload');
    try {
      floor = await postgresFloor(files.json, store.pg, schema);
    } finally {
      await dropSchema(store.pg, schema);
    }
  } else floor = await sqliteFloor(files.json, dir);
  console.log(
    `${store.label} floor (read + JSON.parse ${floor.parseS.toFixed(2)} s + ${store.pg ? 'one COPY of' : 'one prepared INSERT per row ×'} ${floor.rows} rows in one transaction ${floor.insertS.toFixed(2)} s): ` +
      `${floor.totalS.toFixed(2)} s, ${floor.cpuS.toFixed(2)} CPU s`,
  );
  for (const kind of kinds) {
    const schema = store.pg ? await newSchema(store.pg, 'bench_upload') : undefined;
    const url = store.pg ?? `sqlite:${join(dir, `${kind}-${Date.now()}.sqlite`)}`;
    try {
      const r = await uploadOnce(url, files[kind], schema);
      const ratio = r.seconds / floor.totalS;
      const growth = (r.peakRss - r.idleRss) / size[kind];
      console.log(
        `${store.label.padEnd(10)} ${kind.toUpperCase().padEnd(4)} ${r.seconds.toFixed(2)} s end to end, ${(count / r.seconds).toFixed(0)} components/s, ` +
          `${ratio.toFixed(2)}× floor (target ≤ ${TARGET[kind]}×); server CPU ${r.cpuS.toFixed(2)} s = ${(r.cpuS / floor.cpuS).toFixed(2)}× floor CPU (main thread ${r.mainCpuS.toFixed(2)} s)${store.pg ? `, PostgreSQL backends ${r.backendS.toFixed(2)} s (floor's COPY: ${floor.backendS.toFixed(2)} s)` : ''}; peak RSS ${(r.peakRss / MiB).toFixed(0)} MiB ` +
          `(idle ${(r.idleRss / MiB).toFixed(0)} MiB, growth ${growth.toFixed(1)}× file${kind === 'json' ? ', target ≤ 3×' : ''}); ` +
          `longest hold of the event loop ${r.hold} ms of CPU (target ≤ 100); at the RSS peak (MiB): ${r.memory}; ` +
          `GET /healthz during upload p50 ${r.health.p50.toFixed(0)} ms max ${r.health.max.toFixed(0)} ms (${r.health.n}); ` +
          `authenticated GET /sscs/sboms p50 ${r.authed.p50.toFixed(0)} ms max ${r.authed.max.toFixed(0)} ms (${r.authed.n}); ` +
          `another organisation's POST /sscs/vendors p50 ${r.otherWrite.p50.toFixed(0)} ms p99 ${r.otherWrite.p99.toFixed(0)} ms max ${r.otherWrite.max.toFixed(0)} ms (${r.otherWrite.n}, target p99 ≤ 200 ms)`,
      );
      summary.push(
        `${store.label} ${kind.toUpperCase()}: ${ratio.toFixed(2)}× floor wall (≤ ${TARGET[kind]}), ${(r.cpuS / floor.cpuS).toFixed(2)}× floor CPU${store.pg ? ` (with the backends ${((r.cpuS + r.backendS) / (floor.cpuS + floor.backendS)).toFixed(2)}×)` : ''}, RSS growth ${growth.toFixed(1)}× file`,
      );
    } finally {
      if (schema && store.pg) await dropSchema(store.pg, schema);
    }
  }
}
for (const line of summary) console.log(`ratio: ${line}`);
rmSync(dir, { recursive: true, force: true });
