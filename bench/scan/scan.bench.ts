// `bulwark scan` as a CI job runs it, and the streamed SARIF export (docs/pipeline.md).
// 1. A SQLite store holding the PyPI and Go advisories of ../shared/data/osv; a 10,000-component CycloneDX SBOM of
//    PyPI and Go packages (one in ten of the named packages at a version an advisory lists);
//    `node bin/bulwark.js scan <file> --format json` timed from process start to exit (target ≤ 1.5 s), against
//    `node bin/bulwark.js --help` (the CLI's own start) in the same run.
// 2. SARIF export of an SBOM of 100,000 components (upload untimed): time to stream it to a file (target ≤ 2 s) and
//    the process's RSS growth while streaming, for 10,000 and 100,000 components (flat memory: the growth must not
//    follow the size).
// Usage: node bench/scan/scan.bench.ts [--runs 5] [--keep DIR]
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { defaultConfig } from '../../src/config.ts';
import { openStore } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createServices } from '../../src/services.ts';
import { machine } from '../support/process.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, keep: { type: 'string' } },
});
const RUNS = Number(values.runs);
const OSV = new URL('../../../shared/data/osv/', import.meta.url).pathname;
const BIN = new URL('../../bin/bulwark.js', import.meta.url).pathname;
// --keep DIR keeps the store and files there (for profiling a scan by hand).
const dir = values.keep ?? mkdtempSync(join(tmpdir(), 'bulwark-bench-scan-'));
const MiB = 2 ** 20;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  console.log(`machine: ${await machine()}`);
  const dbFile = join(dir, 'bench.sqlite');
  const url = `sqlite:${dbFile}`;
  const store = openStore(url, dir);
  await migrateToLatest(store.db);
  const services = createServices(store, defaultConfig({}));
  const imported = await services.vulndb.import([join(OSV, 'PyPI-all.zip'), join(OSV, 'Go-all.zip')]);
  console.log(`advisories imported: ${imported.documents}`);

  // Packages the advisories name (once each; Go's stdlib/toolchain pseudo-packages left out), one in ten at a
  // version an advisory lists, the rest at a release no advisory covers; beyond them, packages no advisory names.
  const rows = await store.db
    .selectFrom('vuln_affected')
    .select(['ecosystem', 'name', 'versions'])
    .where('ecosystem', 'in', ['PyPI', 'Go'])
    .where('name', 'not in', ['stdlib', 'toolchain'])
    .execute();
  const packages = [...new Map(rows.map((r) => [`${r.ecosystem}/${r.name}`, r])).values()];
  const sbom = (count: number) => {
    const components = [];
    for (let i = 0; i < count; i++) {
      const pkg = packages[i % packages.length]!;
      const type = pkg.ecosystem === 'Go' ? 'golang' : 'pypi';
      const listed = JSON.parse(pkg.versions) as string[];
      const known = i < packages.length;
      const name = known ? pkg.name : `${pkg.name}-fork${Math.floor(i / packages.length)}`;
      const version =
        known && i % 10 === 0 && listed.length > 0
          ? listed[0]!
          : pkg.ecosystem === 'Go'
            ? 'v999.0.0'
            : '999.0.0';
      components.push({ type: 'library', name, version, purl: `pkg:${type}/${name}@${version}` });
    }
    return JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', version: 1, components });
  };

  // 1. The CI gate, from process start.
  const scanFile = join(dir, 'scan-10k.cdx.json');
  writeFileSync(scanFile, sbom(10_000));
  const env = { ...process.env, DATABASE_URL: url, DATA_DIR: dir, LOG_LEVEL: 'warn' };
  // Wall time from spawn to exit, and the child's CPU seconds (GNU time): on a shared machine the CPU figure is
  // the steadier one (wall time there is mostly waiting for a core).
  const time = (args: string[]) => {
    const start = performance.now();
    const res = spawnSync('/usr/bin/time', ['-f', 'CPU %U %S', process.execPath, BIN, ...args], {
      env,
      encoding: 'utf8',
      maxBuffer: 256 * MiB,
    });
    const ms = performance.now() - start;
    if (res.status !== 0 && res.status !== 1) throw new Error(`bulwark ${args.join(' ')}: ${res.stderr}`);
    const cpu = /CPU ([\d.]+) ([\d.]+)/.exec(res.stderr);
    return { ms, cpu: cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN, stdout: res.stdout };
  };
  const first = JSON.parse(time(['scan', scanFile, '--format', 'json']).stdout) as {
    componentCount: number;
    findings: unknown[];
  };
  const scans: { ms: number; cpu: number }[] = [];
  const starts: { ms: number; cpu: number }[] = [];
  const bare: { ms: number; cpu: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    bare.push(time(['--help']));
    starts.push(time(['scan', '--help']));
    scans.push(time(['scan', scanFile, '--format', 'json', '--output', '/dev/null']));
  }
  const fmt = (xs: { ms: number; cpu: number }[]) =>
    `wall ${(median(xs.map((x) => x.ms)) / 1000).toFixed(2)} s, CPU ${median(xs.map((x) => x.cpu)).toFixed(2)} s`;
  console.log(`scan: ${first.componentCount} components, ${first.findings.length} findings`);
  console.log(`  bulwark scan (median of ${RUNS}): ${fmt(scans)}`);
  console.log(`  bulwark scan --help (the command's start): ${fmt(starts)}`);
  console.log(`  bulwark --help (every command's modules loaded): ${fmt(bare)}`);
  console.log(
    `  load average: ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  // 2. SARIF export, streamed.
  const org = await services.organisations.create({ slug: 'bench', plan: 'professional' });
  const user = await services.users.add(org.id, { email: 'bench@example.com' });
  for (const count of [10_000, 100_000]) {
    const uploaded = await services.sboms.upload(
      org.id,
      user.id,
      { fileName: `sbom-${count}.cdx.json`, bytes: Buffer.from(sbom(count)) },
      {},
    );
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const out = join(dir, `export-${count}.sarif`);
    const start = performance.now();
    const file = await services.pipeline.exports.export({ orgId: org.id, reach: null }, uploaded.id, 'sarif');
    const sink = createWriteStream(out);
    for await (const chunk of file.body as AsyncIterable<string>)
      if (!sink.write(chunk)) await new Promise<void>((r) => sink.once('drain', () => r()));
    sink.end();
    await finished(sink);
    const ms = performance.now() - start;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    console.log(
      `sarif export: ${count} components, ${uploaded.findingCount} findings, ${(statSync(out).size / MiB).toFixed(1)} MiB ` +
        `in ${(ms / 1000).toFixed(2)} s; RSS growth while streaming ${((peak - before) / MiB).toFixed(1)} MiB`,
    );
  }
  await store.close();
}

try {
  await main();
} finally {
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}
