/**
 * The MCP conformance suite's server scenarios that apply to a server with tools only, run as its CLI against
 * Bulwark on loopback. The suite's client sends no token, so a loopback front adds one (as a gateway would);
 * Host and Origin pass through unchanged, which is what the DNS-rebinding scenario varies.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { build, createOrg } from '../support/app.ts';
import { DIALECTS } from '../support/store.ts';

const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];
const CLI = join(import.meta.dirname, '../../node_modules/@modelcontextprotocol/conformance/dist/index.js');

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

/** A loopback front that adds the bearer token and forwards everything else as it came. */
async function tokenFront(): Promise<{
  port: number;
  forwardTo: (target: number, token: string) => void;
  close: () => Promise<void>;
}> {
  let target = 0;
  let token = '';
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers, authorization: `Bearer ${token}` };
    const upstream = http.request(
      { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    forwardTo: (port, secret) => {
      target = port;
      token = secret;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: MCP conformance (server scenarios)`, () => {
    it('initialize, ping, tools-list and dns-rebinding-protection: every check passes', async (t) => {
      // The front's address is the public origin, so it is known before the app is built.
      const front = await tokenFront();
      t.after(() => front.close());
      const publicPort = front.port;
      const env = await build(t, dialect, { config: { PUBLIC_URL: [`http://127.0.0.1:${publicPort}`] } });
      const org = await createOrg(env.services, { tokens: { mcp: ['mcp:read'] } });
      await env.app.listen({ port: 0, host: '127.0.0.1' });
      front.forwardTo((env.app.server.address() as AddressInfo).port, org.tokens.mcp!);
      const out = mkdtempSync(join(tmpdir(), 'bulwark-conformance-'));
      t.after(() => rmSync(out, { recursive: true, force: true }));

      const checks = new Map<string, Check[]>();
      for (const scenario of SCENARIOS) {
        const dir = join(out, scenario);
        await promisify(execFile)(
          process.execPath,
          [
            CLI,
            'server',
            '--url',
            `http://127.0.0.1:${publicPort}/api/v1/mcp`,
            '--scenario',
            scenario,
            '-o',
            dir,
          ],
          { timeout: 60_000 },
        ).catch((error: { stdout?: string }) => error);
        checks.set(scenario, readChecks(dir));
      }
      const failed = [...checks].flatMap(([scenario, list]) =>
        list
          .filter((c) => c.status === 'FAILURE' || c.status === 'WARNING')
          .map((c) => `${scenario}/${c.id}: ${c.errorMessage}`),
      );
      assert.deepEqual(failed, []);
      assert.deepEqual(
        Object.fromEntries(
          [...checks].map(([s, list]) => [
            s,
            list
              .filter((c) => c.status === 'SUCCESS')
              .map((c) => c.id)
              .sort(),
          ]),
        ),
        {
          'server-initialize': ['server-initialize'],
          ping: ['ping'],
          'tools-list': ['tools-list'],
          'dns-rebinding-protection': ['localhost-host-rebinding-rejected', 'localhost-host-valid-accepted'],
        },
      );
    });
  });
}

/** checks.json of the one run the CLI wrote under `dir`. */
function readChecks(dir: string): Check[] {
  const runs = readdirSync(dir, { recursive: true }).filter((p) => String(p).endsWith('checks.json'));
  assert.equal(runs.length, 1, `one checks.json under ${dir}`);
  return JSON.parse(readFileSync(join(dir, String(runs[0])), 'utf8')) as Check[];
}
