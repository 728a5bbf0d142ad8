// The console's HTTP side: index.html for deep links, hashed assets, security headers, the API's own 404s
// untouched, and a clear answer when the console was never built.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { build } from '../support/app.ts';
import { consoleContentSecurityPolicy } from '../../src/http/security-headers.ts';

const CONTENT_SECURITY_POLICY = consoleContentSecurityPolicy();

const INDEX =
  '<!doctype html><title>console</title><script type="module" src="/assets/app-1a2b.js"></script>';

function fakeBuild(t: { after: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'app-1a2b.js'), 'console.log(1);\n');
  // What scripts/build-console.ts writes beside each asset.
  writeFileSync(join(dir, 'assets', 'app-1a2b.js.br'), brotliCompressSync('console.log(1);\n'));
  writeFileSync(join(dir, 'assets', 'app-1a2b.js.gz'), gzipSync('console.log(1);\n'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('console routes', () => {
  it('answers index.html with the security headers at / and at any deep link', async (t) => {
    const { app } = await build(t, 'sqlite', { consoleDir: fakeBuild(t) });
    for (const url of ['/', '/findings?status=open', '/sboms/sbom_123', '/access/tokens']) {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.body, INDEX, url);
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(response.headers['cache-control'], 'no-cache');
      assert.equal(response.headers['content-security-policy'], CONTENT_SECURITY_POLICY);
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      assert.equal(response.headers['referrer-policy'], 'no-referrer');
    }
    assert.match(CONTENT_SECURITY_POLICY, /script-src 'self'(;|$)/);
    assert.match(CONTENT_SECURITY_POLICY, /frame-ancestors 'none'/);
    assert.doesNotMatch(CONTENT_SECURITY_POLICY, /unsafe-inline|unsafe-eval/);
  });

  it('serves hashed assets for a year and never answers a missing asset with the page', async (t) => {
    const { app } = await build(t, 'sqlite', { consoleDir: fakeBuild(t) });
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    assert.equal(asset.statusCode, 200);
    assert.equal(asset.body, 'console.log(1);\n');
    assert.match(String(asset.headers['content-type']), /^(application|text)\/javascript/);
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/app-old.js' });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.body, 'Not found\n');
  });

  it('sends the precompressed asset the client accepts, brotli first, with the same cache lifetime', async (t) => {
    const { app } = await build(t, 'sqlite', { consoleDir: fakeBuild(t) });
    const br = await app.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    assert.equal(br.statusCode, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), 'console.log(1);\n');
    assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');
    const gz = await app.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.rawPayload).toString(), 'console.log(1);\n');
  });

  it("gives a browser the console's own 404 page for an unknown address, and a script the JSON 404", async (t) => {
    const { app } = await build(t, 'sqlite', { consoleDir: fakeBuild(t) });
    const html = await app.inject({
      method: 'GET',
      url: '/no/such/page',
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    assert.equal(html.statusCode, 404);
    assert.equal(html.body, INDEX);
    assert.equal(html.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(html.headers['content-security-policy'], CONTENT_SECURITY_POLICY);
    // An API path keeps its envelope even for a browser.
    const api = await app.inject({
      method: 'GET',
      url: '/api/v1/nope',
      headers: { accept: 'text/html' },
    });
    assert.equal(api.json().error.code, 'NOT_FOUND');
  });

  it('leaves the API, health and metrics routes as they were', async (t) => {
    const { app } = await build(t, 'sqlite', { consoleDir: fakeBuild(t) });
    const unknown = await app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual(unknown.json(), {
      data: null,
      error: { code: 'NOT_FOUND', message: 'No route for GET /api/v1/no-such-thing' },
      meta: null,
    });
    assert.equal(unknown.headers['content-security-policy'], undefined);
    // Outside the console's sections an unknown path is the API's 404, not the page with 200.
    for (const url of ['/nope', '/findingsx', '/api']) {
      const outside = await app.inject({ method: 'GET', url });
      assert.equal(outside.statusCode, 404, url);
      assert.deepEqual(outside.json(), {
        data: null,
        error: { code: 'NOT_FOUND', message: `No route for GET ${url}` },
        meta: null,
      });
    }
    const posted = await app.inject({ method: 'POST', url: '/findings' });
    assert.equal(posted.statusCode, 404);
    assert.equal(posted.json().error.code, 'NOT_FOUND');
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    assert.deepEqual(health.json(), { data: { status: 'ok' }, error: null, meta: null });
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(metrics.statusCode, 200);
    assert.match(String(metrics.headers['content-type']), /^text\/plain/);
    const vendors = await app.inject({ method: 'GET', url: '/api/v1/sscs/vendors' });
    assert.equal(vendors.statusCode, 401);
  });

  it('says how to build the console when it was never built, and the API still works', async (t) => {
    const empty = mkdtempSync(join(tmpdir(), 'bulwark-nodist-'));
    t.after(() => rmSync(empty, { recursive: true, force: true }));
    const { app } = await build(t, 'sqlite', { consoleDir: empty });
    const page = await app.inject({ method: 'GET', url: '/sboms' });
    assert.equal(page.statusCode, 503);
    assert.match(page.body, /^The Bulwark console is not built/);
    assert.match(page.body, /npm run build:console/);
    assert.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
  });
});
