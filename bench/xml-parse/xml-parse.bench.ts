// The CycloneDX XML parser alone, no server or store: the 100,000-component XML twin the upload benchmark
// generates (bench/upload/generate.ts, ≈ 60 MiB), read by each contender in its own process (so each has its own
// peak RSS), against a bare `saxes` pass over the same text (the events only, nothing built) as the baseline.
// Prints wall and CPU time (steadier on a loaded machine), peak RSS growth over the file's bytes, and the ratios
// to the baseline. `worker` is the stream as the upload runs it: in a worker thread with the parser worker's young
// generation cap (src/sboms/worker-parser.ts), the worker's start included.
// Usage: node bench/xml-parse/xml-parse.bench.ts [--components 100000] [--runs 3] [--only stream,worker]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { SaxesParser } from 'saxes';
import { parseSbom, streamXmlSbom } from '../../src/sboms/parsers/parse-sbom.ts';
import { machine } from '../support/process.ts';
import { generateXml } from '../upload/generate.ts';

const CONTENDERS = {
  /** The baseline: saxes' events over the decoded text, counting <component> elements. */
  saxes: (bytes: Uint8Array) => {
    const parser = new SaxesParser();
    let count = 0;
    parser.on('opentag', (tag) => {
      if (tag.name === 'component') count++;
    });
    parser.write(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).close();
    return count;
  },
  /** What an upload runs (inline below 4 MiB, and the model the worker streams): bytes → the parsed SBOM. */
  parseSbom: (bytes: Uint8Array) => parseSbom('big.cdx.xml', bytes).components.length,
  /** What the parser worker runs for a large upload: the bytes decoded and read a chunk at a time. */
  stream: (bytes: Uint8Array) => {
    let count = 0;
    for (const component of streamXmlSbom('big.cdx.xml', bytes)!.components) if (component) count++;
    return count;
  },
  /** The stream in a worker thread capped as the upload's parser worker is (`maxYoungGenerationSizeMb: 32`). */
  worker: (bytes: Uint8Array) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: bytes,
      transferList: [bytes.buffer as ArrayBuffer],
      resourceLimits: { maxYoungGenerationSizeMb: 32 },
    });
    const shared = new Int32Array(new SharedArrayBuffer(8));
    worker.postMessage(shared);
    // Blocks this thread until the worker is done, so the contender stays synchronous like the others.
    Atomics.wait(shared, 0, 0);
    const count = shared[1]!;
    void worker.terminate();
    return count;
  },
} satisfies Record<string, (bytes: Uint8Array) => number>;
type Contender = keyof typeof CONTENDERS;

const { values } = parseArgs({
  options: {
    components: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    /** Comma-separated contenders to run (saxes, the baseline, always runs). */
    only: { type: 'string' },
    child: { type: 'string' },
    file: { type: 'string' },
  },
});

if (!isMainThread) {
  parentPort!.once('message', (shared: Int32Array) => {
    shared[1] = CONTENDERS.stream(workerData as Uint8Array);
    Atomics.store(shared, 0, 1);
    Atomics.notify(shared, 0);
  });
} else if (values.child) {
  // One contender, one file: prints `<components> <seconds> <peak RSS growth in bytes>`.
  const bytes = new Uint8Array(readFileSync(values.file!));
  const rssBefore = process.memoryUsage.rss();
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const count = CONTENDERS[values.child as Contender](bytes);
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const peak = process.resourceUsage().maxRSS * 1024;
  console.log(`${count} ${seconds} ${Math.max(0, peak - rssBefore)} ${(cpu.user + cpu.system) / 1e6}`);
} else {
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-bench-xml-'));
  try {
    const file = join(dir, 'big.cdx.xml');
    await generateXml(file, Number(values.components));
    const size = statSync(file).size;
    console.log(`${await machine()}; ${(size / 2 ** 20).toFixed(1)} MiB, ${values.components} components`);
    const script = fileURLToPath(import.meta.url);
    const measure = (name: Contender) => {
      const run = spawnSync(process.execPath, [script, '--child', name, '--file', file], {
        encoding: 'utf8',
      });
      if (run.status !== 0) throw new Error(`${name} failed: ${run.stderr}`);
      const [count, seconds, growth, cpu] = run.stdout.trim().split(' ').map(Number) as number[];
      return { count: count!, seconds: seconds!, growth: growth!, cpu: cpu! };
    };
    const names = (Object.keys(CONTENDERS) as Contender[]).filter(
      (name) => name === 'saxes' || !values.only || values.only.split(',').includes(name),
    );
    for (let run = 1; run <= Number(values.runs); run++) {
      const results = Object.fromEntries(names.map((name) => [name, measure(name)]));
      const base = results.saxes!;
      for (const name of names) {
        const r = results[name]!;
        console.log(
          `run ${run} ${name.padEnd(10)} ${r.count} components  ${r.seconds.toFixed(2)} s  ` +
            `${(r.seconds / base.seconds).toFixed(2)}× saxes  CPU ${r.cpu.toFixed(2)} s ` +
            `${(r.cpu / base.cpu).toFixed(2)}× saxes  peak RSS growth ${(r.growth / 2 ** 20).toFixed(0)} MiB ` +
            `= ${(r.growth / size).toFixed(2)}× the file`,
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
