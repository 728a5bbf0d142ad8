// Builds the web console into console/dist with Vite. Runs from `npm install`/`npm ci` (prepare) and before
// `npm start` when the build is missing or older than its sources; skipped when Vite is not installed
// (a production install without dev dependencies serves whatever console/dist holds).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type * as Vite from 'vite';

const root = fileURLToPath(new URL('../console/', import.meta.url));
const index = join(root, 'dist', 'index.html');
const onlyIfStale = process.argv.includes('--if-stale');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function stale(): boolean {
  if (!existsSync(index)) return true;
  const sources = Math.max(newest(join(root, 'src')), statSync(join(root, 'index.html')).mtimeMs);
  return sources > statSync(index).mtimeMs;
}

if (onlyIfStale && !stale()) process.exit(0);

let build: (typeof Vite)['build'];
try {
  ({ build } = await import('vite'));
} catch {
  console.error(
    'build-console: Vite is not installed (production install?); serving the existing console/dist',
  );
  process.exit(0);
}
await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
precompress(join(root, 'dist', 'assets'));
console.error(`build-console: built ${join(root, 'dist')}`);

/**
 * Brotli and gzip copies of the text assets, made once here instead of on every request: the server sends
 * them to clients that accept them (354 KB of JS went out uncompressed before).
 */
function precompress(dir: string): void {
  for (const name of readdirSync(dir)) {
    if (!/\.(js|css|svg|json|html)$/.test(name)) continue;
    const path = join(dir, name);
    const content = readFileSync(path);
    writeFileSync(
      path + '.br',
      brotliCompressSync(content, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    writeFileSync(path + '.gz', gzipSync(content, { level: 9 }));
  }
}
