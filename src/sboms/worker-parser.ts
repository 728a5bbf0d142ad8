/** Parses large uploads in a worker thread so the event loop keeps serving. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { AppError, type ErrorCode } from '../errors.ts';
import { DEFAULT_SBOM_LIMITS, type SbomLimits } from './parsers/parse-sbom.ts';
import { prepareSbom, type ComponentValues, type PreparedSbom } from './prepared-sbom.ts';

/**
 * Below this size parsing inline (≈ 0.1 s of blocking per MiB) costs less than starting a worker (≈ 0.3–0.5 s on
 * the 2-core machine, mostly loading the parser modules).
 */
export const INLINE_BELOW = 4 * 1_048_576;

type Reply =
  | { ok: Omit<PreparedSbom, 'rows'> & { slices: string[] } }
  | { appError: { code: ErrorCode; status: number; message: string } }
  | { failure: string };

/**
 * Parses large files in a short-lived worker thread, so the event loop keeps serving other requests while a
 * 50 MiB document is parsed, and the parse tree's memory is returned when the worker exits. A small young
 * generation: larger ones (96 MiB) saved no CPU measurably and added ~100 MiB to the peak RSS of a 50 MiB upload. The bytes are handed over to the worker: the caller must not use them after.
 */
export function prepareSbomOffThread(
  fileName: string,
  bytes: Uint8Array,
  orgId: string,
  sbomId: string,
  inlineBelow = INLINE_BELOW,
  limits: SbomLimits = DEFAULT_SBOM_LIMITS,
): Promise<PreparedSbom> | PreparedSbom {
  if (bytes.byteLength < inlineBelow) return prepareSbom(fileName, bytes, orgId, sbomId, limits);
  return new Promise((resolve, reject) => {
    // The upload's buffer moves to the worker instead of being copied; only large, unpooled buffers get here.
    const transfer =
      bytes.buffer instanceof ArrayBuffer &&
      bytes.buffer.byteLength >= inlineBelow &&
      bytes.buffer.byteLength >= 65_536
        ? [bytes.buffer]
        : [];
    const worker = new Worker(new URL('./parse-worker.ts', import.meta.url), {
      workerData: { fileName, bytes, orgId, sbomId, limits },
      transferList: transfer,
      resourceLimits: { maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      action();
      void worker.terminate();
    };
    worker.once('message', (reply: Reply) =>
      settle(() => {
        if ('ok' in reply) {
          const { slices, ...rest } = reply.ok;
          resolve(joinSlices(slices).then((rows) => ({ ...rest, rows })));
        } else if ('appError' in reply)
          reject(new AppError(reply.appError.code, reply.appError.status, reply.appError.message));
        else reject(new Error(`SBOM parser failed: ${reply.failure}`));
      }),
    );
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`SBOM parser worker exited with code ${code}`))),
    );
  });
}

/** One slice per event-loop turn, so a 100,000-row result never blocks other requests for long. */
async function joinSlices(slices: string[]): Promise<ComponentValues[]> {
  const rows: ComponentValues[] = [];
  for (const slice of slices) {
    for (const row of JSON.parse(slice) as ComponentValues[]) rows.push(row);
    await nextTurn();
  }
  return rows;
}
