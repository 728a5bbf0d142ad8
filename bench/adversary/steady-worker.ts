// The steady client of bench/adversary, in a worker thread so that the adversary's own CPU (reading 12 long
// lists at once) does not delay its clock: one small request every `intervalMs`, /healthz and an authenticated
// GET in turn, each with its own timing; the samples go back to the main thread when it says stop.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

export interface SteadySample {
  kind: 'healthz' | 'vendors';
  /** Epoch milliseconds when sent. */
  at: number;
  ms: number;
  /** HTTP status, 0 when the request failed without one. */
  status: number;
}

const { base, token, intervalMs } = workerData as { base: string; token: string; intervalMs: number };
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
const samples: SteadySample[] = [];
let running = true;
parentPort!.on('message', (message) => {
  if (message === 'stop') running = false;
});

function get(kind: SteadySample['kind'], path: string, auth: boolean): Promise<void> {
  const at = Date.now();
  const start = performance.now();
  return new Promise((resolve) => {
    const done = (status: number) => {
      samples.push({ kind, at, ms: performance.now() - start, status });
      resolve();
    };
    const req = request(
      `${base}${path}`,
      { agent, timeout: 10_000, headers: auth ? { authorization: `Bearer ${token}` } : {} },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
        res.on('error', () => done(0));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => done(0));
    req.end();
  });
}

let turn = 0;
while (running) {
  const next = performance.now() + intervalMs;
  await (turn++ % 2 === 0 ? get('healthz', '/healthz', false) : get('vendors', '/api/v1/sscs/vendors', true));
  const wait = next - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  // Let the 'stop' message in between requests.
  await new Promise((resolve) => setImmediate(resolve));
}
agent.destroy();
parentPort!.postMessage(samples);
