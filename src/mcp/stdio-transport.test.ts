import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { createOrg } from '../../test/support/app.ts';
import { defaultConfig } from '../config.ts';
import { openSqlite } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createServices } from '../services.ts';
import { LineTransport } from './stdio-transport.ts';

function harness(maxLine: number) {
  const input = new PassThrough();
  const output = new PassThrough();
  const logged: string[] = [];
  const received: unknown[] = [];
  const transport = new LineTransport(input, output, (line) => logged.push(line), maxLine);
  transport.onmessage = (message) => received.push(message);
  let written = '';
  output.on('data', (chunk: Buffer) => (written += chunk.toString()));
  const answers = () =>
    written
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as unknown);
  return { input, transport, logged, received, answers };
}

describe('stdio transport', () => {
  it('answers an over-long line with a JSON-RPC error, logs it, and keeps reading', async () => {
    const h = harness(100);
    await h.transport.start();
    h.input.write(`{"jsonrpc":"2.0","id":1,"method":"ping","x":"${'a'.repeat(60)}`); // split across chunks
    h.input.write(`${'a'.repeat(60)}"}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n`);
    h.input.write('not json\n');
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(h.answers(), [
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Request too large: a message may be at most 100 bytes' },
      },
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'Parse error: the line is not valid JSON' },
      },
    ]);
    assert.deepEqual(h.received, [{ jsonrpc: '2.0', id: 2, method: 'ping' }]);
    assert.deepEqual(h.logged, [
      'bulwark mcp: Request too large: a message may be at most 100 bytes',
      'bulwark mcp: Parse error: the line is not valid JSON',
    ]);
  });

  it('`bulwark mcp` survives a 12 MB line and answers the next request', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'bulwark-stdio-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const store = openSqlite(join(dir, 'b.sqlite'));
    await migrateToLatest(store.db);
    const org = await createOrg(createServices(store, defaultConfig()), { tokens: { mcp: ['mcp:read'] } });
    await store.close();
    const child = spawn(
      process.execPath,
      [new URL('../../bin/bulwark.js', import.meta.url).pathname, 'mcp'],
      {
        env: {
          ...process.env,
          DATABASE_URL: `sqlite:${join(dir, 'b.sqlite')}`,
          BULWARK_TOKEN: org.tokens.mcp!,
        },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.stdin.write(
      `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"${'a'.repeat(12 * 1024 * 1024)}"}}\n`,
    );
    child.stdin.write('{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
    const answers = await new Promise<unknown[]>((resolve) => {
      const check = (): void => {
        const lines = stdout.split('\n').filter(Boolean);
        if (lines.length >= 2) resolve(lines.map((l) => JSON.parse(l) as unknown));
      };
      child.stdout.on('data', check);
    });
    assert.deepEqual(answers, [
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Request too large: a message may be at most 10485760 bytes' },
      },
      { jsonrpc: '2.0', id: 2, result: {} },
    ]);
    assert.equal(child.exitCode, null, 'still running');
    assert.match(stderr, /bulwark mcp: Request too large/);
    child.stdin.end();
    assert.equal(await exited, 0);
  });
});
