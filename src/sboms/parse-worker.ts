// Worker entry: prepares one upload off the main thread. Every check that can refuse the file runs first; then a
// `meta` message, then the rows as JSON text in slices as they are built (the main thread stores each slice while the
// next is built, and JSON.parse turns them into arrays several times faster than structured clone would), then
// `done`. Protocol: worker-parser.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../errors.ts';
import { parseSbom, type SbomLimits } from './parsers/parse-sbom.ts';
import { componentRowSlices } from './prepared-sbom.ts';

const ROWS_PER_SLICE = 4000;

function prepare(): void {
  const data = workerData as {
    fileName: string;
    bytes?: Uint8Array;
    orgId: string;
    sbomId: string;
    limits: SbomLimits;
  };
  const parsed = parseSbom(data.fileName, takeBytes(data), data.limits);
  parentPort!.postMessage({
    meta: {
      format: parsed.format,
      specVersion: parsed.specVersion,
      subjectVersion: parsed.metadataComponent?.version ?? null,
      warnings: parsed.warnings ?? [],
      count: parsed.components.length,
    },
  });
  for (const slice of componentRowSlices(data.orgId, data.sbomId, parsed, ROWS_PER_SLICE))
    parentPort!.postMessage({ slice });
  parentPort!.postMessage({ done: true });
}

/** The upload's bytes, which then nothing here holds: once parsed they can be collected. */
function takeBytes(data: { bytes?: Uint8Array }): Uint8Array {
  const bytes = data.bytes!;
  data.bytes = undefined;
  return bytes;
}

try {
  prepare();
} catch (error) {
  if (error instanceof AppError)
    parentPort!.postMessage({ appError: { code: error.code, status: error.status, message: error.message } });
  else parentPort!.postMessage({ failure: error instanceof Error ? error.message : String(error) });
}
