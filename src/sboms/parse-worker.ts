// Worker entry: parses one SBOM off the main thread and posts the result (or the AppError's fields) back.
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../errors.ts';
import { parseSbom } from './parsers/parse-sbom.ts';

const { fileName, bytes } = workerData as { fileName: string; bytes: Uint8Array };
try {
  parentPort!.postMessage({ ok: parseSbom(fileName, bytes) });
} catch (error) {
  if (error instanceof AppError) parentPort!.postMessage({ appError: { code: error.code, status: error.status, message: error.message } });
  else parentPort!.postMessage({ failure: error instanceof Error ? error.message : String(error) });
}
