/** Reads the multipart upload form: one file part, a few text fields, the size limit. */
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError, validationFailed } from '../errors.ts';
import { findControlCharacters } from '../shared/control-characters.ts';
import { UploadFields, type UploadFieldsInput } from './sbom.schemas.ts';
import type { UploadedFile } from './sbom.service.ts';

export interface UploadForm {
  file: UploadedFile;
  fields: UploadFieldsInput;
}

const TEXT_FIELDS = new Set(['name', 'assetName', 'version']);

export const fileTooLarge = (maxBytes: number) =>
  new AppError('FILE_TOO_LARGE', 413, `The SBOM file exceeds the limit of ${maxBytes} bytes`);

/**
 * Reads the multipart upload: exactly one `file` part plus the optional text fields. The size limit is
 * enforced while streaming: past `maxBytes` busboy stops handing over data and the read ends at once.
 */
export async function readUploadForm(request: FastifyRequest, maxBytes: number): Promise<UploadForm> {
  const raw: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, fields: 10, fieldSize: 4096, parts: 20 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw unexpectedField(part.fieldname);
        if (file)
          throw validationFailed('Only one file may be uploaded', [
            { path: 'body.file', message: 'only one file allowed' },
          ]);
        file = {
          fileName: part.filename,
          bytes: await readLimited(
            part.file as Readable & { truncated?: boolean },
            maxBytes,
            contentLength(request),
          ),
        };
      } else {
        if (part.fieldname === 'file') {
          throw new AppError(
            'MISSING_FILE',
            400,
            "The form's 'file' field is plain text: send the SBOM as a file part (filename required)",
          );
        }
        if (!TEXT_FIELDS.has(part.fieldname)) throw unexpectedField(part.fieldname);
        raw[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw asFormError(error, maxBytes);
  }
  if (!file) throw new AppError('MISSING_FILE', 400, "The form has no 'file' field with the SBOM");
  const control = [
    ...findControlCharacters(raw),
    ...findControlCharacters({ file: file.fileName }).map((i) => ({
      ...i,
      message: `file name ${i.message}`,
    })),
  ];
  if (control.length > 0) {
    const details = control.map((i) => ({ path: `body.${i.path.join('.')}`, message: i.message }));
    throw validationFailed(
      `Upload validation failed: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
      details,
    );
  }
  const fields = UploadFields.safeParse(
    Object.fromEntries(Object.entries(raw).filter(([, v]) => v.trim() !== '')),
  );
  if (!fields.success) {
    const details = fields.error.issues.map((i) => ({
      path: `body.${i.path.map(String).join('.')}`,
      message: i.message,
    }));
    throw validationFailed(
      `Upload validation failed: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
      details,
    );
  }
  return { file, fields: fields.data };
}

/** The first buffer of a file part; it grows with what arrives (docs/resilience.md). */
export const FIRST_BUFFER_BYTES = 1_048_576;

/**
 * Reads the file part into one buffer: 1 MiB first, then, once more arrives, one of the request's Content-Length
 * (an upper bound of the part), so a 50 MiB upload is held about once rather than as chunks plus their
 * concatenation. Memory follows the bytes received, never the bytes declared: 200 uploads declaring 50 MiB and
 * sending 70 KB used to reserve 10 GB; past the first MiB the buffer is as large as declared, but its pages are
 * only taken as the bytes are written into them (an uninitialised allocation). Doubling instead (1, 2, 4 … 64 MiB)
 * copied 63 MiB more for a 48.5 MiB file, briefly held 32 + 48.5 MiB, and each copy of 16–64 MiB held the event
 * loop: 74, 107, 183 and 344 ms of CPU for the 71 MiB SPDX upload of the benchmark (issue 34).
 */
export async function readLimited(
  stream: Readable & { truncated?: boolean },
  maxBytes: number,
  sizeHint: number,
): Promise<Uint8Array> {
  const ceiling = Math.min(Math.max(sizeHint, 65_536), maxBytes + 1);
  let buffer = Buffer.allocUnsafeSlow(Math.min(ceiling, FIRST_BUFFER_BYTES));
  let size = 0;
  // Busboy stops handing over data at the limit but would only end the stream with the part, i.e. after the
  // whole body: fail at once instead, so the answer goes out while the client is still sending.
  stream.once('limit', () => stream.destroy(fileTooLarge(maxBytes)));
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (size + chunk.length > buffer.length) {
      // The declared length at once while that still holds what arrived; past it (no Content-Length, or a wrong
      // one) double, up to the limit.
      const needed = size + chunk.length;
      const grown = Buffer.allocUnsafeSlow(
        needed <= ceiling ? ceiling : Math.min(Math.max(buffer.length * 2, needed), maxBytes + 65_536),
      );
      buffer.copy(grown, 0, 0, size);
      buffer = grown;
    }
    chunk.copy(buffer, size);
    size += chunk.length;
  }
  if (stream.truncated || size > maxBytes) throw fileTooLarge(maxBytes);
  return buffer.subarray(0, size);
}

const contentLength = (request: FastifyRequest): number => {
  const value = Number(request.headers['content-length']);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
};

const unexpectedField = (name: string) =>
  validationFailed(`Unexpected form field '${name}': the upload accepts file, name, assetName and version`, [
    { path: `body.${name}`, message: `unexpected field '${name}'` },
  ]);

/** Busboy and plugin errors are the caller's malformed form, never a 500. */
function asFormError(error: unknown, maxBytes: number): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(maxBytes);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('INVALID_REQUEST', 400, 'The upload must be sent as multipart/form-data');
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_FILES_LIMIT') {
    return validationFailed('The form has too many fields', [{ path: 'body', message: 'too many fields' }]);
  }
  return new AppError(
    'INVALID_REQUEST',
    400,
    `Malformed multipart form: ${(error as Error).message ?? 'unreadable body'}`,
    { cause: error },
  );
}
