// The soak's HTTP client: node:http with a keep-alive agent per tenant bound to the tenant's own loopback
// address (the server limits failed authentication per client address, so the adversary must not share one
// with the well-behaved tenants), and one record per request for the report.
import { Agent, request } from 'node:http';

export interface Sample {
  tenant: string;
  kind: string;
  /** Milliseconds since the run started, when the request was sent. */
  at: number;
  ms: number;
  /** HTTP status, or 0 when the request failed without one (refused, reset, timed out). */
  status: number;
}

export interface Reply {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Samples on one clock shared by the main thread and the adversary's worker: milliseconds since `t0` (epoch). */
export class Recorder {
  readonly samples: Sample[] = [];
  readonly t0: number;
  constructor(t0 = performance.timeOrigin + performance.now()) {
    this.t0 = t0;
  }
  now(): number {
    return performance.timeOrigin + performance.now() - this.t0;
  }
}

export interface ClientOptions {
  tenant: string;
  token: string;
  bases: string[];
  localAddress: string;
  recorder: Recorder;
}

export const multipart = (
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
): { body: Buffer; type: string } => {
  const boundary = `----soak${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          'content-type: application/octet-stream\r\n\r\n',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
};

export class Client {
  readonly options: ClientOptions;
  readonly agent: Agent;
  #next = 0;

  constructor(options: ClientOptions) {
    this.options = options;
    this.agent = new Agent({ keepAlive: true, maxSockets: 64, localAddress: options.localAddress });
  }

  /** The instances take turns, as behind a round-robin load balancer. */
  base(): string {
    return this.options.bases[this.#next++ % this.options.bases.length]!;
  }

  async send(
    kind: string,
    method: string,
    path: string,
    init: {
      body?: Buffer | string;
      headers?: Record<string, string>;
      token?: string | null;
      timeoutMs?: number;
    } = {},
  ): Promise<Reply> {
    const { recorder, tenant } = this.options;
    const token = init.token === undefined ? this.options.token : init.token;
    const headers: Record<string, string> = {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    };
    const at = recorder.now();
    const reply = await new Promise<Reply>((resolve) => {
      const req = request(
        `${this.base()}${path}`,
        { method, headers, agent: this.agent, timeout: init.timeoutMs ?? 60_000 },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString(),
              headers: res.headers,
            }),
          );
          res.on('error', () => resolve({ status: 0, body: '', headers: {} }));
        },
      );
      req.on('timeout', () => req.destroy(new Error('client timeout')));
      req.on('error', (error) => resolve({ status: 0, body: String(error), headers: {} }));
      req.end(init.body);
    });
    recorder.samples.push({ tenant, kind, at, ms: recorder.now() - at, status: reply.status });
    return reply;
  }

  close(): void {
    this.agent.destroy();
  }
}

/** `data` of a 2xx envelope. */
export function data<T>(reply: Reply): T {
  return (JSON.parse(reply.body) as { data: T }).data;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
