// A webhook receiver for the webhooks bench, in its own process: answers 204 and keeps, per request, the delay
// from the event's createdAt (its commit) to its arrival. GET /stats reports and clears them.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

let latencies: number[] = [];
const ids = new Set<string>();
let duplicates = 0;
let first = 0;
let last = 0;

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/stats') {
    const sorted = latencies.sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    res.end(
      JSON.stringify({
        count: sorted.length,
        duplicates,
        p50: at(0.5),
        p99: at(0.99),
        max: sorted.at(-1) ?? 0,
        spanMs: last - first,
      }),
    );
    latencies = [];
    ids.clear();
    duplicates = 0;
    first = last = 0;
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const now = Date.now();
    const id = String(req.headers['webhook-id']);
    if (ids.has(id)) duplicates++;
    ids.add(id);
    const payload = JSON.parse(Buffer.concat(chunks).toString()) as { createdAt: string };
    latencies.push(now - Date.parse(payload.createdAt));
    if (!first) first = now;
    last = now;
    res.writeHead(204).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`LISTENING http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
