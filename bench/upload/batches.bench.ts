// What the size of a pending upload's batches costs SQLite's writer (issue 34, "SBOM upload"): the 100,000 rows of
// the upload benchmark's generated CycloneDX JSON, stored the way an upload stores them (insertPendingComponents,
// one short transaction per batch) on a fresh store opened as the server opens it (background checkpoints), for
// each batch size in turn, rounds alternating. Each commit writes every page its batch dirtied to the WAL, and the
// (org_id, ecosystem, package_key) index's leaves are spread over the whole index: smaller batches write the same
// leaves again, commit after commit. Prints wall time, the main thread's CPU, the process's CPU (with the
// checkpoint thread) and the WAL's size at the end; last, each size's median main-thread CPU as a ratio to the
// baseline of the same run, the largest size (all rows in one transaction with the default sizes).
// Usage: node bench/upload/batches.bench.ts [--components 100000] [--sizes 2000,4000,8000,100000] [--rounds 2]
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStore } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { prepareSbom } from '../../src/sboms/prepared-sbom.ts';
import { insertPendingComponents, insertSbom } from '../../src/sboms/sbom.repository.ts';
import { OrganisationService } from '../../src/tenancy/organisation.service.ts';
import { bareSbomRow } from '../../test/support/bare-sbom.ts';
import { generateJson } from './generate.ts';

const { values } = parseArgs({
  options: {
    components: { type: 'string', default: '100000' },
    sizes: { type: 'string', default: '2000,4000,8000,100000' },
    rounds: { type: 'string', default: '2' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const dir = mkdtempSync(join(tmpdir(), 'bulwark-bench-batches-'));
const file = join(dir, 'big.cdx.json');
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
/** Main-thread CPU (ms) of each round, by batch size. */
const mainBySize = new Map<number, number[]>(sizes.map((size) => [size, []]));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
try {
  await generateJson(file, Number(values.components));
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const size of sizes) {
      const path = join(dir, `batches-${size}-${round}.sqlite`);
      const store = openStore(`sqlite:${path}`, undefined, { backgroundCheckpoints: true });
      try {
        await migrateToLatest(store.db);
        const org = await new OrganisationService(store.db).create({ slug: `batches-${size}-${round}` });
        const now = new Date().toISOString();
        await insertSbom(
          store.db,
          bareSbomRow('sbom_batches', org.id, now, {
            ...{ name: 'b', asset_name: 'b', format: 'cyclonedx', spec_version: '1.5' },
            pending_since: now,
          }),
        );
        const { rows } = prepareSbom('big.cdx.json', readFileSync(file), org.id, 'sbom_batches');
        const thread = process.threadCpuUsage();
        const all = process.cpuUsage();
        const start = performance.now();
        for (let at = 0; at < rows.length; at += size)
          await insertPendingComponents(store.db, rows.slice(at, at + size));
        const wall = performance.now() - start;
        const main = cpuMs(process.threadCpuUsage(thread));
        const process_ = cpuMs(process.cpuUsage(all));
        const wal = statSync(`${path}-wal`).size / 2 ** 20;
        mainBySize.get(size)!.push(main);
        console.log(
          `round ${round} batches of ${size}: ${wall.toFixed(0)} ms wall, main thread ${main.toFixed(0)} ms CPU, ` +
            `process ${process_.toFixed(0)} ms CPU, WAL ${wal.toFixed(0)} MiB`,
        );
      } finally {
        await store.close();
      }
    }
  }
  const baseline = Math.max(...sizes);
  const base = median(mainBySize.get(baseline)!);
  for (const size of sizes) {
    const m = median(mainBySize.get(size)!);
    console.log(
      `ratio: batches of ${size}: main-thread CPU ${m.toFixed(0)} ms, ${(m / base).toFixed(2)}× batches of ${baseline}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
