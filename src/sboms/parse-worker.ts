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
import { RowBuilder, SLICE_CHARS, type StreamedSummary } from './prepared-sbom.ts';
import { ABANDONED, SENT, SLICES_AHEAD, TAKEN, WAITING } from './slice-progress.ts';
import type { ParsedSbom, SbomStream } from './sbom-model.ts';

const ROWS_PER_SLICE = 4000; // or SLICE_CHARS of row text, whichever comes first

interface Job {
  fileName: string;
  bytes?: Uint8Array;
  orgId: string;
  sbomId: string;
  limits: SbomLimits;
  /** Slices the main thread has taken, and whether it gave up (worker-parser.ts, `Progress`). */
  progress: Int32Array;
}

const post = (message: unknown) => parentPort!.postMessage(message);

/** The main thread stopped reading the rows (its transaction failed): nothing more to send or explain. */
class Abandoned extends Error {}

/**
 * Posts one slice, first waiting while SLICES_AHEAD sent slices have not been taken: without it the worker (1.4 s
 * for 100,000 components) ran ahead of the store and its slices waited in the main thread's heap. The wait blocks
 * the worker only; `terminate` ends it.
 */
function postSlice(progress: Int32Array, slice: string): void {
  for (;;) {
    const taken = Atomics.load(progress, TAKEN);
    if (Atomics.load(progress, ABANDONED) === 1) throw new Abandoned();
    if (Atomics.load(progress, SENT) - taken < SLICES_AHEAD) break;
    Atomics.store(progress, WAITING, 1);
    Atomics.notify(progress, WAITING);
    Atomics.wait(progress, TAKEN, taken, 1000);
    Atomics.store(progress, WAITING, 0);
  }
  post({ slice });
  Atomics.add(progress, SENT, 1);
}

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
  if (prepareXml(job)) return;
  let text: string;
  try {
    text = decodeUtf8(job.fileName, job.bytes!);
  } catch {
    return send(job, whole(parseSbom(job.fileName, takeBytes(job), job.limits)));
  }
  // From here the text is the file (re-encoded for a whole parse): the bytes, kept until the last row before, were
  // 1× the file of the upload's peak RSS. Nothing else holds them (no local: an interpreter frame keeps its own).
  job.bytes = undefined;
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

/** A CycloneDX XML file, read from its bytes a chunk at a time; false (nothing done) when the file is not XML. */
function prepareXml(job: Job): boolean {
  let xml: Source | null = null;
  try {
    xml = streamXmlSbom(job.fileName, job.bytes!, job.limits);
  } catch {
    // A problem in the document's head: the whole-file parse gives the answer.
    send(job, whole(parseSbom(job.fileName, takeBytes(job), job.limits)));
    return true;
  }
  if (!xml) return false;
  const bytes = takeBytes(job);
  sendOrExplain(job, xml, () => parseSbom(job.fileName, bytes, job.limits));
  return true;
}

function sendOrExplain(job: Job, stream: Source, parseWhole: () => ParsedSbom): void {
  try {
    send(job, stream);
  } catch (problem) {
    if (problem instanceof Abandoned) throw problem;
    // The whole-file parse gives the answer, which it throws; it not throwing would be a fault of the stream's.
    parseWhole();
    throw new Error(`the streamed and the whole parse of '${job.fileName}' disagree: ${String(problem)}`);
  }
}

/** meta, the rows in slices as the components come, done. */
function send(job: Job, source: Source): void {
  post({ meta: { format: source.format, specVersion: source.specVersion } });
  const builder = new RowBuilder(job.orgId, job.sbomId);
  // Each row's JSON text, not the rows: a row dies young, where 4,000 of them kept for one JSON.stringify lived
  // through scavenges into the old generation, and the worker's heap grew by ~80 MiB of them (48.5 MiB upload).
  let rows: string[] = [];
  let chars = 0;
  let count = 0;
  for (const component of source.components) {
    const row = JSON.stringify(builder.row(component, count++));
    rows.push(row);
    chars += row.length;
    if (rows.length === ROWS_PER_SLICE || chars >= SLICE_CHARS) {
      postSlice(job.progress, `[${rows.join(',')}]`);
      rows = [];
      chars = 0;
    }
  }
  if (rows.length > 0) postSlice(job.progress, `[${rows.join(',')}]`);
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

/** The upload's bytes, which the job then no longer holds (the message listener keeps the job). */
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
