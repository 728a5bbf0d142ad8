// Worker entry: prepares one upload off the main thread. The rows go back as JSON text, which the main thread
// turns into arrays with JSON.parse several times faster than structured clone would deserialize them.
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../errors.ts';
import { prepareSbom } from './prepared-sbom.ts';

const { fileName, bytes, orgId, sbomId } = workerData as { fileName: string; bytes: Uint8Array; orgId: string; sbomId: string };
try {
  const { rows, ...rest } = prepareSbom(fileName, bytes, orgId, sbomId);
  parentPort!.postMessage({ ok: { ...rest, rowsJson: JSON.stringify(rows) } });
} catch (error) {
  if (error instanceof AppError) parentPort!.postMessage({ appError: { code: error.code, status: error.status, message: error.message } });
  else parentPort!.postMessage({ failure: error instanceof Error ? error.message : String(error) });
}
