// The adversary runs in a worker thread: its own event loop, so that building a 51 MiB body or a burst of
// hundreds of requests does not delay the well-behaved tenants' clients and inflate their measured latency.
import { parentPort, workerData } from 'node:worker_threads';
import { Adversary } from './adversary.ts';
import { Client, Recorder } from './client.ts';

const options = workerData as {
  t0: number;
  startAt: number;
  endAt: number;
  bases: string[];
  token: string;
  localAddress: string;
  maxComponents: number;
};
let stopped = false;
parentPort!.on('message', (message) => message === 'stop' && (stopped = true));
const recorder = new Recorder(options.t0);
const client = new Client({
  tenant: 'adversary',
  token: options.token,
  bases: options.bases,
  localAddress: options.localAddress,
  recorder,
});
await new Promise((resolve) => setTimeout(resolve, Math.max(0, options.startAt - recorder.now())));
const guesser = new Client({ ...client.options, localAddress: '127.0.0.3' });
await new Adversary(client, guesser, recorder, options.maxComponents).run(
  () => stopped || recorder.now() >= options.endAt,
);
client.close();
guesser.close();
parentPort!.postMessage(recorder.samples);
