// Worker entry: prepares one upload off the main thread. The rows go back as JSON text in slices, which the main
// thread turns into arrays with JSON.parse (several times faster than structured clone would deserialize them),
// one slice per event-loop turn.
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
  const bytes = data.bytes!;
  // Nothing else holds the upload's bytes: once parsed they can be collected.
  data.bytes = undefined;
  const parsed = parseSbom(data.fileName, bytes, data.limits);
  const meta = {
    format: parsed.format,
    specVersion: parsed.specVersion,
    subjectVersion: parsed.metadataComponent?.version ?? null,
    warnings: parsed.warnings ?? [],
  };
  const slices = componentRowSlices(data.orgId, data.sbomId, parsed, ROWS_PER_SLICE);
  parentPort!.postMessage({ ok: { ...meta, slices } });
}

try {
  prepare();
} catch (error) {
  if (error instanceof AppError)
    parentPort!.postMessage({ appError: { code: error.code, status: error.status, message: error.message } });
  else parentPort!.postMessage({ failure: error instanceof Error ? error.message : String(error) });
}
