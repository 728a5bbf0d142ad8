import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook receiver on loopback for tests: records every request and answers through `respond`. */

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface Receiver {
  url: (path?: string) => string;
  port: number;
  received: Received[];
  /** How the next requests are answered (default 204); may leave the response open to stall. */
  respond: (handler: (req: Received, res: ServerResponse) => void) => void;
  /** Resolves once `count` requests have arrived. */
  waitFor: (count: number) => Promise<void>;
  close: () => Promise<void>;
}

export async function startReceiver(port = 0): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let handler: (req: Received, res: ServerResponse) => void = (_req, res) => res.writeHead(204).end();
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: Received = {
        path: req.url ?? '/',
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      for (const w of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      handler(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${actual}${path}`,
    port: actual,
    received,
    respond: (h) => {
      handler = h;
    },
    waitFor: (count) =>
      received.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port with nothing listening (a receiver that is down). */
export async function closedPort(): Promise<number> {
  const r = await startReceiver();
  const port = r.port;
  await r.close();
  return port;
}
