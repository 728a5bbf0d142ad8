// Worker entry: prepares one upload off the main thread. The rows go back as JSON text in slices, which the main
// thread turns into arrays with JSON.parse (several times faster than structured clone would deserialize them),
// one slice per event-loop turn.
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../errors.ts';
import { prepareSbom } from './prepared-sbom.ts';

const ROWS_PER_SLICE = 4000;
const { fileName, bytes, orgId, sbomId } = workerData as { fileName: string; bytes: Uint8Array; orgId: string; sbomId: string };
try {
  const { rows, ...rest } = prepareSbom(fileName, bytes, orgId, sbomId);
  const slices: string[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_SLICE) slices.push(JSON.stringify(rows.slice(start, start + ROWS_PER_SLICE)));
  parentPort!.postMessage({ ok: { ...rest, slices } });
} catch (error) {
  if (error instanceof AppError) parentPort!.postMessage({ appError: { code: error.code, status: error.status, message: error.message } });
  else parentPort!.postMessage({ failure: error instanceof Error ? error.message : String(error) });
}
