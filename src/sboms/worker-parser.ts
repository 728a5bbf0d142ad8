/** Parses large uploads in a worker thread so the event loop keeps serving. */
import { Worker } from 'node:worker_threads';
import { AppError, type ErrorCode } from '../errors.ts';
import { DEFAULT_SBOM_LIMITS, type SbomLimits } from './parsers/parse-sbom.ts';
import {
  prepareSbom,
  streamed,
  type ComponentValues,
  type StreamedSbom,
  type StreamedSummary,
} from './prepared-sbom.ts';
import { abandoned, newProgress, took } from './slice-progress.ts';

/**
 * Below this size parsing inline (≈ 0.1 s of blocking per MiB) costs less than starting a worker (≈ 0.05 s on
 * the 2-core machine) and handing the rows over.
 */
export const INLINE_BELOW = 4 * 1_048_576;

/** The worker's messages (parse-worker.ts), in this order: `meta`, `slice`s, `done`; or one `appError`/`failure`. */
type Message =
  | { meta: Omit<StreamedSbom, 'batches' | 'summary'> }
  | { slice: string }
  | { done: StreamedSummary }
  | { appError: { code: ErrorCode; status: number; message: string } }
  | { failure: string };

/**
 * Parses large files in a short-lived worker thread, so the event loop keeps serving other requests while a
 * 50 MiB document is parsed, and the parse's memory is returned when the worker exits. Resolves with the document's
 * head; the rows follow in batches while the worker reads the file, so the caller stores one batch while the next
 * is read. A problem found on the way makes the batches throw it (the caller's transaction then leaves nothing).
 * A small young generation: larger ones (96 MiB) saved no CPU measurably and added ~100 MiB to the peak RSS of a
 * 50 MiB upload. The bytes are handed over to the worker: the caller must not use them after.
 */
export function prepareSbomOffThread(
  fileName: string,
  bytes: Uint8Array,
  orgId: string,
  sbomId: string,
  inlineBelow = INLINE_BELOW,
  limits: SbomLimits = DEFAULT_SBOM_LIMITS,
): Promise<StreamedSbom> | StreamedSbom {
  if (bytes.byteLength < inlineBelow) return streamed(prepareSbom(fileName, bytes, orgId, sbomId, limits));
  return new Promise((resolve, reject) => {
    // The upload's buffer moves to the worker instead of being copied; only large, unpooled buffers get here.
    const transfer =
      bytes.buffer instanceof ArrayBuffer &&
      bytes.buffer.byteLength >= inlineBelow &&
      bytes.buffer.byteLength >= 65_536
        ? [bytes.buffer]
        : [];
    const worker = takeParser();
    const progress = newProgress();
    const job = { fileName, bytes, orgId, sbomId, limits, progress };
    try {
      worker.postMessage(job, transfer);
    } catch (error) {
      // Some buffers Node allocates itself (readFileSync's) cannot be transferred: those are copied.
      if (transfer.length === 0 || (error as Error).name !== 'DataCloneError') {
        void worker.terminate();
        throw error;
      }
      worker.postMessage(job);
    }
    const slices = new Arrivals(() => {
      abandoned(progress);
      void worker.terminate();
    });
    let summary: StreamedSummary | undefined;
    let started = false;
    const fail = (error: Error) => {
      if (started) slices.end(error);
      else reject(error);
      void worker.terminate();
    };
    worker.on('message', (message: Message) => {
      if ('meta' in message) {
        started = true;
        resolve({
          ...message.meta,
          batches: batchesOf(slices, progress),
          summary: () => {
            if (!summary) throw new Error('the SBOM parser has not finished');
            return summary;
          },
        });
      } else if ('slice' in message) slices.push(message.slice);
      else if ('done' in message) {
        summary = message.done;
        slices.end();
      } else if ('appError' in message)
        fail(new AppError(message.appError.code, message.appError.status, message.appError.message));
      else fail(new Error(`SBOM parser failed: ${message.failure}`));
    });
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`SBOM parser worker exited with code ${code}`)));
  });
}

const spawnParser = () =>
  new Worker(new URL('./parse-worker.ts', import.meta.url), {
    resourceLimits: { maxYoungGenerationSizeMb: 32 },
  });

/** A parser worker started ahead (`startParserAhead`), waiting for its job. */
let ready: Worker | undefined;

/**
 * Starts a parser worker while a large upload is still arriving, so that its start (≈ 85 ms: an isolate and the
 * parser's modules) overlaps the receive instead of delaying the parse. At most one waits; it holds nothing, and
 * does not keep the process alive.
 */
export function startParserAhead(): void {
  if (ready) return;
  const worker = spawnParser();
  worker.unref();
  worker.on('error', () => {}); // a failed start: the 'exit' below drops it, and the next parse starts its own
  worker.once('exit', () => {
    if (ready === worker) ready = undefined;
  });
  ready = worker;
}

function takeParser(): Worker {
  const worker = ready ?? spawnParser();
  ready = undefined;
  worker.ref();
  return worker;
}

/**
 * The rows of each slice (≈ 5 ms of JSON.parse, at most ~1 MB). Slices already arrived follow one another without
 * a turn of the event loop: the consumer (SbomService.upload) gives one after each batch. Each slice taken lets the
 * worker send one more (slice-progress.ts).
 */
async function* batchesOf(slices: Arrivals, progress: Int32Array): AsyncGenerator<ComponentValues[]> {
  for await (const slice of slices) {
    took(progress);
    yield JSON.parse(slice) as ComponentValues[];
  }
}

/**
 * Slices in arrival order for one consumer, who waits when it is ahead of the worker. After `end` nothing more is
 * taken (the worker's exit after `done` changes nothing); a consumer that stops early (its transaction failed)
 * stops the worker.
 */
class Arrivals implements AsyncIterable<string> {
  readonly #items: string[] = [];
  #ended = false;
  #error: Error | undefined;
  #wake: (() => void) | undefined;
  readonly #abandon: () => void;

  constructor(abandon: () => void) {
    this.#abandon = abandon;
  }

  push(item: string): void {
    if (this.#ended) return;
    this.#items.push(item);
    this.#wake?.();
  }

  end(error?: Error): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#error = error;
    this.#wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<string> {
    try {
      for (;;) {
        if (this.#error) throw this.#error;
        const item = this.#items.shift();
        if (item !== undefined) yield item;
        else if (this.#ended) return;
        else await new Promise<void>((wake) => (this.#wake = wake));
      }
    } finally {
      this.#abandon();
    }
  }
}
