/** Reads OSV documents from directories, osv.dev ecosystem zips, .json and .jsonl files. */
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';

/**
 * Reads OSV documents from the places osv.dev and its mirrors publish them: a directory of `.json` files, a
 * per-ecosystem `all.zip`, a `.json` document or array, or `.jsonl`. A broken file or entry becomes one
 * `error` item and reading goes on.
 */

export interface SourceItem {
  /** Where the document came from: a file, `archive.zip!entry.json`, `file.jsonl:12`, `file.json[3]`. */
  source: string;
  document?: unknown;
  error?: string;
}

/** Zip-bomb guards: osv.dev's largest ecosystem export has ~500k entries of a few KiB each. */
export const ZIP_LIMITS = {
  maxEntries: 1_000_000,
  maxEntryBytes: 16 * 1024 * 1024,
  maxTotalBytes: 4 * 1024 ** 3,
};

/**
 * Zips up to this size are read into memory first. yauzl on a file descriptor reads each entry's header and
 * data through the thread pool, and its inflate streams go through it too: Go-all.zip (4,291 entries, 3.4 MB)
 * took 1.2–1.6 s to read that way and 0.14–0.29 s from memory with each entry inflated at once.
 */
const ZIP_IN_MEMORY_BYTES = 128 * 1024 * 1024;

/** The zip, from memory when small enough (see ZIP_IN_MEMORY_BYTES). */
async function openZip(path: string): Promise<yauzl.ZipFile> {
  const options = { lazyEntries: true, validateEntrySizes: true };
  if ((await stat(path)).size > ZIP_IN_MEMORY_BYTES) return yauzl.openPromise(path, options);
  return yauzl.fromBufferPromise(await readFile(path), options);
}

/**
 * An entry's bytes, or null when they inflate beyond `cap`. Deflated entries are read raw and inflated in one
 * synchronous call (entries are a few KiB; `cap` bounds the largest), checked against the size their header
 * declares as yauzl checks a stream it inflates (`validateEntrySizes`), with its messages.
 */
async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, cap: number): Promise<Buffer | null> {
  if (entry.compressionMethod !== 8) return readCapped(await zip.openReadStreamPromise(entry), cap);
  const raw = await readCapped(await zip.openReadStreamPromise(entry, { decompress: false }), cap);
  if (raw === null) return null;
  const declared = entry.uncompressedSize;
  let data: Buffer;
  try {
    // One byte past the declared size is enough to tell that the header lied.
    data = inflateRawSync(raw, { maxOutputLength: Math.min(cap, declared + 1) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE') throw error;
    if (declared >= cap) return null;
    throw new Error(`too many bytes in the stream. expected ${declared}. got at least ${declared + 1}`);
  }
  if (data.length > declared)
    throw new Error(`too many bytes in the stream. expected ${declared}. got at least ${data.length}`);
  if (data.length < declared)
    throw new Error(`not enough bytes in the stream. expected ${declared}. got only ${data.length}`);
  return data;
}

export interface SourceFile {
  path: string;
  kind: 'zip' | 'json' | 'jsonl';
}

/** Expands the given paths (directories recursively) into readable files; unknown extensions are reported. */
export async function listSourceFiles(
  paths: string[],
): Promise<{ files: SourceFile[]; errors: SourceItem[] }> {
  const files: SourceFile[] = [];
  const errors: SourceItem[] = [];
  const visit = async (path: string, explicit: boolean): Promise<void> => {
    let info;
    try {
      info = await stat(path);
    } catch (error) {
      errors.push({
        source: path,
        error: `cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      });
      return;
    }
    if (info.isDirectory()) {
      const entries = (await readdir(path)).sort();
      for (const entry of entries) await visit(join(path, entry), false);
      return;
    }
    const lower = path.toLowerCase();
    const kind = lower.endsWith('.zip')
      ? 'zip'
      : lower.endsWith('.jsonl')
        ? 'jsonl'
        : lower.endsWith('.json')
          ? 'json'
          : null;
    if (kind) files.push({ path, kind });
    else if (explicit) errors.push({ source: path, error: 'not a .zip, .json or .jsonl file' });
  };
  for (const path of paths) await visit(path, true);
  return { files, errors };
}

function parseJson(text: string, source: string): SourceItem[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return [{ source, error: `unparsable JSON: ${(error as Error).message}` }];
  }
  return Array.isArray(value)
    ? value.map((document, i) => ({ source: `${source}[${i}]`, document }))
    : [{ source, document: value }];
}

/** Line by line, parsed as the caller reads them: a long file never parses in one synchronous stretch. */
function* parseJsonLines(text: string, source: string): Generator<SourceItem> {
  let start = 0;
  for (let i = 1; start <= text.length; i++) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end === -1 ? text.length : end);
    start = end === -1 ? text.length + 1 : end + 1;
    if (line.trim() === '') continue;
    try {
      yield { source: `${source}:${i}`, document: JSON.parse(line) };
    } catch (error) {
      yield { source: `${source}:${i}`, error: `unparsable JSON: ${(error as Error).message}` };
    }
  }
}

async function readCapped(stream: Readable, cap: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    // The header's size can lie; count what actually inflates.
    if (size > cap) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const isJsonEntry = (fileName: string) => !fileName.endsWith('/') && fileName.toLowerCase().endsWith('.json');

/**
 * How many entries `readSourceFile` will report done for a file: a zip's `.json` entries (read from its central
 * directory, no entry is inflated), a `.jsonl` file's non-empty lines, one for a `.json` file. An unreadable
 * file counts one (its error).
 */
export async function countEntries(file: SourceFile): Promise<number> {
  if (file.kind === 'json') return 1;
  if (file.kind === 'jsonl') {
    const text = await readFile(file.path, 'utf8').catch(() => null);
    return text === null ? 1 : text.split('\n').filter((line) => line.trim() !== '').length;
  }
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file.path);
  } catch {
    return 1;
  }
  try {
    if (zip.entryCount > ZIP_LIMITS.maxEntries) return 1;
    let count = 0;
    for await (const entry of zip.eachEntry()) if (isJsonEntry(entry.fileName)) count++;
    return count;
  } catch {
    return 1;
  } finally {
    zip.close();
  }
}

/** Entries of a zip, one document per `.json` entry; `onEntry` after each entry. */
async function* readZip(path: string, onEntry: () => void): AsyncGenerator<SourceItem> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(path);
  } catch (error) {
    yield { source: path, error: `unreadable zip: ${(error as Error).message}` };
    onEntry();
    return;
  }
  try {
    if (zip.entryCount > ZIP_LIMITS.maxEntries) {
      yield { source: path, error: `zip has ${zip.entryCount} entries (limit ${ZIP_LIMITS.maxEntries})` };
      onEntry();
      return;
    }
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      const source = `${basename(path)}!${entry.fileName}`;
      if (!isJsonEntry(entry.fileName)) continue;
      if (entry.uncompressedSize > ZIP_LIMITS.maxEntryBytes) {
        yield {
          source,
          error: `entry of ${entry.uncompressedSize} bytes exceeds ${ZIP_LIMITS.maxEntryBytes}`,
        };
        onEntry();
        continue;
      }
      const data = await readEntry(zip, entry, ZIP_LIMITS.maxEntryBytes).catch((error: Error) => error);
      if (data instanceof Error || data === null) {
        yield {
          source,
          error: data ? `unreadable entry: ${data.message}` : 'entry inflates beyond the size limit',
        };
        onEntry();
        continue;
      }
      total += data.length;
      if (total > ZIP_LIMITS.maxTotalBytes) {
        yield { source: path, error: `zip inflates beyond ${ZIP_LIMITS.maxTotalBytes} bytes; rest skipped` };
        return;
      }
      yield* parseJson(data.toString('utf8'), source);
      onEntry();
    }
  } catch (error) {
    yield { source: path, error: `unreadable zip: ${(error as Error).message}` };
  } finally {
    zip.close();
  }
}

/** Every document of one file; `onEntry` once per entry done (see countEntries). */
export async function* readSourceFile(
  file: SourceFile,
  onEntry: () => void = () => {},
): AsyncGenerator<SourceItem> {
  if (file.kind === 'zip') {
    yield* readZip(file.path, onEntry);
    return;
  }
  let text: string;
  try {
    text = await readFile(file.path, 'utf8');
  } catch (error) {
    yield { source: file.path, error: `cannot read: ${(error as Error).message}` };
    onEntry();
    return;
  }
  if (file.kind === 'jsonl') {
    // One line, one entry.
    for (const item of parseJsonLines(text, file.path)) {
      yield item;
      onEntry();
    }
    return;
  }
  yield* parseJson(text, file.path);
  onEntry();
}
