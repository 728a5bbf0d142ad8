/**
 * An open-loop load at a fixed rate: request i is due at start + i / rate, sent then on a free keep-alive
 * connection (a new one when all are busy), and its latency runs from when it was due to the end of its
 * response, so a stalled server or client is charged for every request it delayed (no coordinated omission).
 *
 * Why not autocannon's `overallRate`: it gives each connection a quota per second, which its connections then
 * send back to back as fast as they are answered, so the server gets the second's calls in one burst at full
 * concurrency and then nothing; and its coordinated-omission correction takes 1 ms as the expected interval
 * (`Math.ceil(1 / rate)` with the rate per second), so one slow answer adds a synthetic sample for every
 * millisecond of it. Neither is "a fixed rate".
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export interface OpenLoopResult {
  /** Latencies in ms, sorted ascending. */
  latencies: number[];
  errors: number;
  /** Calls completed per second of the run. */
  rate: number;
  /** Largest number of requests in flight at once. */
  maxInFlight: number;
}

export interface OpenLoopRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

export async function openLoop(
  target: OpenLoopRequest,
  options: { rate: number; seconds: number; timeoutMs?: number },
): Promise<OpenLoopResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const url = new URL(target.url);
  const body = target.body === undefined ? undefined : Buffer.from(target.body);
  const headers = { ...target.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  let errors = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const pending: Promise<void>[] = [];

  const send = (due: number): Promise<void> =>
    new Promise((resolve) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const done = (ok: boolean) => {
        inFlight--;
        if (ok) latencies.push(performance.now() - due);
        else errors++;
        resolve();
      };
      const req = request(
        url,
        { method: target.method, headers, agent, timeout: options.timeoutMs ?? 30_000 },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => done(res.statusCode !== undefined && res.statusCode < 400));
          res.on('error', () => done(false));
        },
      );
      req.on('error', () => done(false));
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.end(body);
    });

  const start = performance.now() + 20;
  let next = 0;
  while (next < total) {
    const now = performance.now();
    // Every request due by now goes out at once (timers fire late by up to a millisecond or so).
    while (next < total && start + next * interval <= now) pending.push(send(start + next++ * interval));
    if (next < total) await sleep(Math.max(0, start + next * interval - performance.now()));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { latencies, errors, rate: latencies.length / elapsed, maxInFlight };
}

/** The q-quantile (0..1) of ascending values, nearest rank. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
