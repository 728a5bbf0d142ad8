// The adversary's requests for bench/adversary: uploads, lists read to the end and thrown away (a 100 MB body is
// never held), JSON-RPC batches. Each answers its status, bytes and milliseconds.
import { Agent, request } from 'node:http';

export interface Outcome {
  status: number;
  bytes: number;
  ms: number;
  /** The first 300 characters of the body (errors, ids). */
  head: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export function send(
  url: string,
  init: { method?: string; token: string; body?: Buffer | string; headers?: Record<string, string> },
): Promise<Outcome> {
  const start = performance.now();
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: init.method ?? 'GET',
        agent,
        timeout: 600_000,
        headers: {
          authorization: `Bearer ${init.token}`,
          ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
      },
      (res) => {
        let bytes = 0;
        let head = '';
        res.on('data', (chunk: Buffer) => {
          if (head.length < 300) head += chunk.toString('utf8', 0, Math.min(chunk.length, 300));
          bytes += chunk.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            ms: performance.now() - start,
            head: head.slice(0, 300),
          }),
        );
        res.on('error', () => resolve({ status: 0, bytes, ms: performance.now() - start, head }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) =>
      resolve({ status: 0, bytes: 0, ms: performance.now() - start, head: String(error) }),
    );
    req.end(init.body);
  });
}

/** A CycloneDX upload as multipart/form-data. */
export function uploadBody(fileName: string, json: string): { body: Buffer; type: string } {
  const boundary = `----adversary${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'content-type: application/json\r\n\r\n',
    ),
    Buffer.from(json),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(base: string, token: string, fileName: string, json: string): Promise<Outcome> {
  const form = uploadBody(fileName, json);
  return send(`${base}/api/v1/sscs/sboms/upload`, {
    method: 'POST',
    token,
    body: form.body,
    headers: { 'content-type': form.type },
  });
}

/** `count` components of one package and version (the Go stdlib one matches 149 advisories each). */
export const sameComponents = (count: number, purl: string, name: string, version: string) =>
  JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    components: Array.from({ length: count }, (_, i) => ({
      type: 'library',
      'bom-ref': `c${i}`,
      name,
      version,
      purl,
    })),
  });

/** `count` small components that match nothing (the long list). */
export const plainComponents = (count: number) =>
  JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    components: Array.from({ length: count }, (_, i) => ({
      type: 'library',
      name: `c${i}`,
      version: '1.0.0',
    })),
  });

/** A JSON-RPC batch of `size` supplier_list calls. */
export function toolBatch(base: string, token: string, size: number): Promise<Outcome> {
  const calls = Array.from({ length: size }, (_, i) => ({
    jsonrpc: '2.0',
    id: i + 1,
    method: 'tools/call',
    params: { name: 'supplier_list', arguments: {} },
  }));
  return send(`${base}/api/v1/mcp`, {
    method: 'POST',
    token,
    body: JSON.stringify(calls),
    headers: { accept: 'application/json, text/event-stream' },
  });
}

/** Vendors whose website and notes are the quadratic-masking bait, for supplier_list to mask. */
export async function maskingBait(base: string, token: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await send(`${base}/api/v1/sscs/vendors`, {
      method: 'POST',
      token,
      body: JSON.stringify({
        name: `bait ${i}`,
        type: 'commercial',
        riskTier: 1,
        assessmentStatus: 'not_started',
        website: `https://${'a'.repeat(1_000)}@-`,
        notes: `${'a'.repeat(9_000)}@- ${'b@'.repeat(400)}`,
      }),
    });
  }
}

export function closeAgent(): void {
  agent.destroy();
}
