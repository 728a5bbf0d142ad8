// `npm run bench [-- <name>…]`: runs every benchmark (bench/<name>/*.bench.ts), or the named ones, one after
// another in child processes; each prints its own figures (recorded in BENCHMARKS.md). The soak runs only when
// named (`npm run bench -- soak`): it takes 10 minutes and starts its own PostgreSQL and Redis.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BENCH = fileURLToPath(new URL('./', import.meta.url));

/** bench/<name>/<file>.bench.ts, by folder name. */
const benchmarks = readdirSync(BENCH, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'support' && !entry.name.startsWith('.'))
  .flatMap((dir) =>
    readdirSync(new URL(`${dir.name}/`, import.meta.url))
      .filter((file) => file.endsWith('.bench.ts'))
      .map((file) => ({ name: dir.name, path: `bench/${dir.name}/${file}` })),
  )
  .sort((a, b) => a.name.localeCompare(b.name));

/** Benchmarks left out of a run that names none. */
const OPT_IN = new Set(['soak', 'adversary']);

const wanted = process.argv.slice(2);
if (wanted.includes('--list')) {
  for (const b of benchmarks)
    console.log(`${b.name.padEnd(12)} ${b.path}${OPT_IN.has(b.name) ? '  (only when named)' : ''}`);
  process.exit(0);
}
const unknown = wanted.filter((name) => !benchmarks.some((b) => b.name === name));
if (unknown.length > 0) {
  console.error(
    `unknown benchmark ${unknown.join(', ')}; one of: ${benchmarks.map((b) => b.name).join(', ')}`,
  );
  process.exit(2);
}

let failed = 0;
for (const b of benchmarks.filter((b) =>
  wanted.length === 0 ? !OPT_IN.has(b.name) : wanted.includes(b.name),
)) {
  console.log(`\n== ${b.path}`);
  const result = spawnSync(process.execPath, [b.path], {
    stdio: 'inherit',
    cwd: fileURLToPath(new URL('..', import.meta.url)),
  });
  if (result.status !== 0) {
    failed++;
    console.error(`${b.path} failed (exit ${result.status ?? result.signal})`);
  }
}
process.exit(failed > 0 ? 1 : 0);
