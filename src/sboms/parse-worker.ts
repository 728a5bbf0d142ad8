// Worker entry: prepares one upload off the main thread and sends it as it goes. Messages (worker-parser.ts):
// `meta`, then the rows as JSON text in slices (measured as fast as structured clone, BENCHMARKS.md "SBOM
// upload"), then `done` with the summary; or one `appError`/`failure`.
//
// CycloneDX and SPDX 2 JSON are read one component at a time (streamSbom): each row is built and sent as its
// component is read, so the main thread stores rows while the rest of the file is read, and no tree of the whole
// file exists. CycloneDX XML likewise (streamXmlSbom), and its text is decoded a chunk at a time from the bytes:
// the whole text never exists either.
// A problem met on the way ends the stream; the file is then parsed whole (parseSbom), whose answer is the one
// every upload of that file has always had (the main thread rolls back the rows it stored). Other formats are
// parsed whole, then sent the same way.
import { parentPort } from 'node:worker_threads';
import { AppError } from '../errors.ts';
import { decodeUtf8, parseSbom, streamSbom, streamXmlSbom, type SbomLimits } from './parsers/parse-sbom.ts';
import { RowBuilder, SLICE_CHARS, type ComponentValues, type StreamedSummary } from './prepared-sbom.ts';
import type { ParsedSbom, SbomStream } from './sbom-model.ts';

const ROWS_PER_SLICE = 4000; // or SLICE_CHARS of row text, whichever comes first

/** The characters a row adds to its slice's JSON text (strings; the rest is small and fixed). */
function rowChars(row: ComponentValues): number {
  let chars = 64;
  for (const value of row) chars += typeof value === 'string' ? value.length + 3 : 8;
  return chars;
}

interface Job {
  fileName: string;
  bytes?: Uint8Array;
  orgId: string;
  sbomId: string;
  limits: SbomLimits;
}

const post = (message: unknown) => parentPort!.postMessage(message);

/**
 * What `send` reads: a stream (its warnings, and the XML stream's dependency changes, complete once its components
 * are), or a whole parse.
 */
type Source = Pick<SbomStream, 'format' | 'specVersion' | 'components' | 'subject'> & {
  warnings: string[];
  dependencyChanges?: () => ReadonlyMap<string, string[]>;
};

const whole = (parsed: ParsedSbom): Source => ({
  ...parsed,
  subject: () => parsed.metadataComponent,
  warnings: parsed.warnings ?? [],
});

function prepare(job: Job): void {
  const bytes = takeBytes(job);
  let xml: Source | null = null;
  try {
    xml = streamXmlSbom(job.fileName, bytes, job.limits);
  } catch {
    // A problem in the document's head: the whole-file parse gives the answer.
    return send(job, whole(parseSbom(job.fileName, bytes, job.limits)));
  }
  if (xml) return sendOrExplain(job, xml, () => parseSbom(job.fileName, bytes, job.limits));
  let text: string;
  try {
    text = decodeUtf8(job.fileName, bytes);
  } catch {
    return send(job, whole(parseSbom(job.fileName, bytes, job.limits)));
  }
  const parseWhole = () => parseSbom(job.fileName, new TextEncoder().encode(text), job.limits);
  let stream: Source | null = null;
  try {
    stream = streamSbom(job.fileName, text, job.limits);
  } catch {
    // A problem in the document's head: the whole-file parse below gives the answer.
  }
  if (!stream) return send(job, whole(parseWhole()));
  sendOrExplain(job, stream, parseWhole);
}

function sendOrExplain(job: Job, stream: Source, parseWhole: () => ParsedSbom): void {
  try {
    send(job, stream);
  } catch (problem) {
    // The whole-file parse gives the answer, which it throws; it not throwing would be a fault of the stream's.
    parseWhole();
    throw new Error(`the streamed and the whole parse of '${job.fileName}' disagree: ${String(problem)}`);
  }
}

/** meta, the rows in slices as the components come, done. */
function send(job: Job, source: Source): void {
  post({ meta: { format: source.format, specVersion: source.specVersion } });
  const builder = new RowBuilder(job.orgId, job.sbomId);
  let rows: ComponentValues[] = [];
  let chars = 0;
  let count = 0;
  for (const component of source.components) {
    const row = builder.row(component, count++);
    rows.push(row);
    chars += rowChars(row);
    if (rows.length === ROWS_PER_SLICE || chars >= SLICE_CHARS) {
      post({ slice: JSON.stringify(rows) });
      rows = [];
      chars = 0;
    }
  }
  if (rows.length > 0) post({ slice: JSON.stringify(rows) });
  const summary: StreamedSummary = {
    count,
    warnings: source.warnings,
    corrections: builder.corrections(source.dependencyChanges?.()),
    subjectVersion: source.subject()?.version ?? null,
    subjectName: source.subject()?.name || null,
    rootDependsOn: builder.rootDependsOn(source.subject()),
  };
  post({ done: summary });
}

/** The upload's bytes, which then nothing here holds: once decoded they can be collected. */
function takeBytes(job: Job): Uint8Array {
  const bytes = job.bytes!;
  job.bytes = undefined;
  return bytes;
}

// The job comes as a message: the worker may have been started before the upload had arrived.
parentPort!.once('message', (job: Job) => {
  try {
    prepare(job);
  } catch (error) {
    if (error instanceof AppError)
      post({ appError: { code: error.code, status: error.status, message: error.message } });
    else post({ failure: error instanceof Error ? error.message : String(error) });
  }
});
