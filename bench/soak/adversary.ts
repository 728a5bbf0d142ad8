// The adversarial tenant, from its own loopback address: every abuse of docs/resilience.md in turn, again and
// again, plus a steady crowd of slow request bodies. Everything it sends should be refused or limited (a 4xx,
// or a 2xx where the abuse is legal but costly), never answered 5xx, and never slow the other tenants down.
import { connect } from 'node:net';
import type { Client } from './client.ts';
import { multipart, sleep, type Recorder } from './client.ts';

const MIB = 2 ** 20;

/** A CycloneDX JSON document with `count` tiny components. */
function manyComponents(count: number): Buffer {
  const components = Array.from(
    { length: count },
    (_, i) => `{"type":"library","name":"p${i}","version":"1"}`,
  );
  return Buffer.from(`{"bomFormat":"CycloneDX","specVersion":"1.5","components":[${components.join(',')}]}`);
}

const MALFORMED: Array<{ name: string; bytes: Buffer }> = [
  {
    name: 'truncated.cdx.json',
    bytes: Buffer.from('{"bomFormat":"CycloneDX","specVersion":"1.5","components":[{"na'),
  },
  {
    name: 'entity.cdx.xml',
    bytes: Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE bom [<!ENTITY x SYSTEM "file:///etc/passwd">]>' +
        '<bom xmlns="http://cyclonedx.org/schema/bom/1.5"><components><component type="library"><name>&x;</name>' +
        '</component></components></bom>',
    ),
  },
  {
    name: 'nul.cdx.json',
    bytes: Buffer.from(
      '{"bomFormat":"CycloneDX","specVersion":"1.5","components":[{"type":"library","name":"a\\u0000b"}]}',
    ),
  },
  {
    name: 'numeric-name.cdx.json',
    bytes: Buffer.from(
      '{"bomFormat":"CycloneDX","specVersion":"1.5","components":[{"type":"library","name":123}]}',
    ),
  },
  { name: 'binary.exe', bytes: Buffer.from('MZ\u0090\u0000') },
  {
    name: 'huge-name.cdx.json',
    bytes: Buffer.from(
      `{"bomFormat":"CycloneDX","specVersion":"1.5","components":[{"type":"library","name":"${'n'.repeat(MIB)}"}]}`,
    ),
  },
];

export class Adversary {
  readonly #client: Client;
  /** The same tenant guessing tokens from a second address, so that its other attacks are not all cut short by
   * the per-address limit on failed authentication (which is tested here all the same). */
  readonly #guesser: Client;
  readonly #recorder: Recorder;
  readonly #maxComponents: number;
  #cycle = 0;
  #vendors = 0;

  constructor(client: Client, guesser: Client, recorder: Recorder, maxComponents: number) {
    this.#client = client;
    this.#guesser = guesser;
    this.#recorder = recorder;
    this.#maxComponents = maxComponents;
  }

  async run(until: () => boolean): Promise<void> {
    await Promise.all([this.#attacks(until), this.#slowBodies(until, 8)]);
  }

  async #attacks(until: () => boolean): Promise<void> {
    const tooMany = manyComponents(this.#maxComponents + 1);
    while (!until()) {
      const cycle = this.#cycle++;
      if (cycle % 3 === 0) await this.#oversizedUpload();
      if (until()) break;
      await this.#upload('too many components', { name: 'many.cdx.json', bytes: tooMany });
      for (const file of MALFORMED) await this.#upload('malformed upload', file);
      await this.#maskingBait(5);
      await this.#mcpBatches();
      await this.#badInput();
      await this.#badTokens(cycle % 6 === 0 ? 150 : 30);
      // Over its rate limit about once a minute (a cycle takes ~10 s): between bursts its other attacks reach the
      // code they aim at instead of being answered 429 by the limiter.
      if (cycle % 6 === 5) await this.#burst(700);
      await sleep(5_000);
    }
  }

  async #upload(kind: string, file: { name: string; bytes: Buffer }): Promise<void> {
    const form = multipart({ name: `adversary ${kind}` }, file);
    await this.#client.send(`adv ${kind}`, 'POST', '/api/v1/sscs/sboms/upload', {
      body: form.body,
      headers: { 'content-type': form.type },
    });
  }

  /** 51 MiB of upload (the limit is 50 MiB), streamed from one reused buffer. */
  async #oversizedUpload(): Promise<void> {
    const chunk = Buffer.alloc(MIB, 0x20);
    const form = multipart(
      { name: 'huge' },
      { name: 'huge.cdx.json', bytes: Buffer.concat(Array(51).fill(chunk)) },
    );
    await this.#client.send('adv oversized upload', 'POST', '/api/v1/sscs/sboms/upload', {
      body: form.body,
      headers: { 'content-type': form.type },
    });
  }

  /** Vendors whose website is the quadratic-masking bait of issue 11, then the tool that masks them. */
  async #maskingBait(count: number): Promise<void> {
    for (let i = 0; i < count && this.#vendors < 200; i++, this.#vendors++) {
      await this.#client.send('adv masking vendor', 'POST', '/api/v1/sscs/vendors', {
        body: JSON.stringify({
          name: `bait ${this.#vendors}`,
          type: 'commercial',
          riskTier: 1,
          assessmentStatus: 'not_started',
          website: `https://${'a'.repeat(1_000)}@-`,
          notes: `${'a'.repeat(9_000)}@- ${'b@'.repeat(400)}`,
        }),
      });
    }
  }

  async #mcpBatches(): Promise<void> {
    const call = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'supplier_list', arguments: {} },
    });
    const headers = { accept: 'application/json, text/event-stream' };
    // 20 calls: allowed, each counted against the rate limit; 21: refused whole.
    for (const size of [20, 21, 500]) {
      await this.#client.send(`adv mcp batch of ${size}`, 'POST', '/api/v1/mcp', {
        body: JSON.stringify(Array.from({ length: size }, (_, i) => call(i))),
        headers,
      });
    }
  }

  async #badInput(): Promise<void> {
    const send = (
      kind: string,
      method: string,
      path: string,
      body?: string,
      headers?: Record<string, string>,
    ) =>
      this.#client.send(`adv ${kind}`, method, path, {
        ...(body ? { body } : {}),
        ...(headers ? { headers } : {}),
      });
    await send('nul in query', 'GET', '/api/v1/sscs/sboms?q=%00');
    await send('nul in path', 'GET', '/api/v1/sscs/sboms/sbom_%00');
    await send('long path id', 'GET', `/api/v1/sscs/sboms/${'x'.repeat(200)}`);
    await send(
      'javascript: website',
      'POST',
      '/api/v1/sscs/vendors',
      JSON.stringify({
        name: 'x',
        type: 'oss',
        riskTier: 1,
        assessmentStatus: 'completed',
        website: 'javascript:alert(1)',
      }),
    );
    await send(
      'nul in vendor name',
      'POST',
      '/api/v1/sscs/vendors',
      JSON.stringify({
        name: 'a\u0000b',
        type: 'oss',
        riskTier: 1,
        assessmentStatus: 'completed',
      }),
    );
    await send('unknown field', 'POST', '/api/v1/sscs/sboms', JSON.stringify({ name: 'x', admin: true }));
    await send(
      'json over 1 MiB',
      'POST',
      '/api/v1/sscs/sboms',
      JSON.stringify({ name: 'x'.repeat(MIB + 10) }),
    );
    await send('uri too long', 'GET', `/api/v1/sscs/sboms?q=${'a'.repeat(20_000)}`);
    await send('headers too large', 'GET', '/api/v1/sscs/sboms', undefined, { 'x-pad': 'p'.repeat(20_000) });
    await send(
      'triage unknown finding',
      'PATCH',
      '/api/v1/sscs/findings/fnd_nope/status',
      JSON.stringify({ status: 'fixed' }),
    );
    await send('mcp not json', 'POST', '/api/v1/mcp', '{"jsonrpc":', {
      accept: 'application/json, text/event-stream',
    });
  }

  /** Wrong tokens from the guesser's address: 401, then 429 for the rest of the minute once 100 failed. */
  async #badTokens(count: number): Promise<void> {
    await Promise.all(
      Array.from({ length: 10 }, async (_, worker) => {
        for (let i = worker; i < count; i += 10) {
          await this.#guesser.send('adv bad token', 'GET', '/api/v1/sscs/vendors', {
            token: `bwk_guess${i}`,
          });
        }
      }),
    );
  }

  /** Far over the per-token rate: answered 429 once the window's budget is spent. */
  async #burst(count: number): Promise<void> {
    await Promise.all(
      Array.from({ length: 16 }, async (_, worker) => {
        for (let i = worker; i < count; i += 16)
          await this.#client.send('adv burst', 'GET', '/api/v1/sscs/sboms');
      }),
    );
  }

  /**
   * Uploads that declare 50 MB and stall after 70 KB: each should get 408 after the body idle timeout and be
   * closed. `crowd` of them are open at any time.
   */
  async #slowBodies(until: () => boolean, crowd: number): Promise<void> {
    const { bases, localAddress, token } = this.#client.options;
    const one = async (index: number): Promise<void> => {
      const base = new URL(bases[index % bases.length]!);
      const at = this.#recorder.now();
      // Time to the answer (the connection may stay open a little longer while the server drains it).
      let answeredAt = NaN;
      const status = await new Promise<number>((resolve) => {
        const socket = connect({ host: base.hostname, port: Number(base.port), localAddress });
        let answer = '';
        const stop = setInterval(() => until() && socket.destroy(), 500);
        socket.on('connect', () => {
          socket.write(
            `POST /api/v1/sscs/sboms/upload HTTP/1.1\r\nhost: ${base.host}\r\nauthorization: Bearer ${token}\r\n` +
              'content-type: multipart/form-data; boundary=x\r\ncontent-length: 50000000\r\n\r\n' +
              '--x\r\ncontent-disposition: form-data; name="file"; filename="slow.cdx.json"\r\n\r\n',
          );
          socket.write(Buffer.alloc(70 * 1024, 0x20));
        });
        socket.on('data', (chunk: Buffer) => {
          if (answer === '') answeredAt = this.#recorder.now();
          answer += chunk.toString();
        });
        socket.on('close', () => {
          clearInterval(stop);
          resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0));
        });
        socket.on('error', () => undefined);
      });
      // A slow body cut by the end of the run has no answer to judge.
      if (until() && status === 0) return;
      this.#recorder.samples.push({
        tenant: 'adversary',
        kind: 'adv slow body',
        at,
        ms: (Number.isNaN(answeredAt) ? this.#recorder.now() : answeredAt) - at,
        status,
      });
    };
    await Promise.all(
      Array.from({ length: crowd }, async (_, worker) => {
        await sleep(worker * 1_000);
        for (let i = worker; !until(); i += crowd) await one(i);
      }),
    );
  }
}
