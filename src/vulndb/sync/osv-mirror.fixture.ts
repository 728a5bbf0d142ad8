/**
 * Test fixture: a loopback HTTP server laid out like osv.dev's bucket (`/<Ecosystem>/all.zip`,
 * `/<Ecosystem>/modified_id.csv`, `/<Ecosystem>/<ID>.json`), plus any extra files (KEV, EPSS). It logs every
 * request, answers If-None-Match with 304, and lets a test replace the answer to any path (failures).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readSourceFile } from '../osv-sources.ts';
import { makeZip } from '../zip-fixture.ts';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface MirrorRecord {
  modified: string;
  body: string;
}

export class OsvMirror {
  readonly requests: string[] = [];
  readonly #ecosystems = new Map<string, Map<string, MirrorRecord>>();
  /** A published all.zip (bytes as given) instead of one built from the records. */
  readonly #zips = new Map<string, Buffer>();
  readonly #files = new Map<string, Buffer>();
  readonly #overrides = new Map<string, Handler>();
  #server: Server | undefined;
  url = '';

  /** Loads an osv.dev export: its records, and the zip itself is served as all.zip. */
  async loadZip(ecosystem: string, path: string): Promise<string[]> {
    const ids: string[] = [];
    for await (const item of readSourceFile({ path, kind: 'zip' })) {
      const doc = item.document as { id: string; modified: string } & Record<string, unknown>;
      this.setRecord(ecosystem, doc);
      ids.push(doc.id);
    }
    this.#zips.set(ecosystem, readFileSync(path));
    return ids;
  }

  setRecord(ecosystem: string, doc: { id: string; modified: string } & Record<string, unknown>): void {
    const records = this.#ecosystems.get(ecosystem) ?? new Map<string, MirrorRecord>();
    records.set(doc.id, { modified: doc.modified, body: JSON.stringify(doc) });
    this.#ecosystems.set(ecosystem, records);
  }

  record(ecosystem: string, id: string): Record<string, unknown> {
    return JSON.parse(this.#ecosystems.get(ecosystem)!.get(id)!.body) as Record<string, unknown>;
  }

  ids(ecosystem: string): string[] {
    return [...(this.#ecosystems.get(ecosystem)?.keys() ?? [])].sort();
  }

  setFile(path: string, body: Buffer | string): void {
    this.#files.set(path, Buffer.from(body));
  }

  /** Replaces the answer to one path (e.g. `/PyPI/all.zip`) until `clear`. */
  override(path: string, handler: Handler): void {
    this.#overrides.set(path, handler);
  }

  clear(): void {
    this.#overrides.clear();
  }

  csv(ecosystem: string): string {
    const rows = [...(this.#ecosystems.get(ecosystem) ?? new Map<string, MirrorRecord>())]
      .map(([id, r]) => ({ id, modified: new Date(Date.parse(r.modified)).toISOString() }))
      .sort((a, b) => (a.modified < b.modified ? 1 : a.modified > b.modified ? -1 : a.id < b.id ? -1 : 1));
    return rows.map((r) => `${r.modified},${r.id}\n`).join('');
  }

  zip(ecosystem: string): Buffer {
    const published = this.#zips.get(ecosystem);
    if (published) return published;
    return makeZip(
      [...(this.#ecosystems.get(ecosystem) ?? [])].map(([id, r]) => ({
        name: `${id}.json`,
        data: Buffer.from(r.body),
      })),
    );
  }

  #body(path: string): Buffer | undefined {
    const file = this.#files.get(path);
    if (file) return file;
    const [, ecosystem, name] = path.split('/').map(decodeURIComponent);
    if (!ecosystem || !name || !this.#ecosystems.has(ecosystem)) return undefined;
    if (name === 'all.zip') return this.zip(ecosystem);
    if (name === 'modified_id.csv') return Buffer.from(this.csv(ecosystem));
    const record = name.endsWith('.json')
      ? this.#ecosystems.get(ecosystem)!.get(name.slice(0, -5))
      : undefined;
    return record ? Buffer.from(record.body) : undefined;
  }

  #handle(req: IncomingMessage, res: ServerResponse): void {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    this.requests.push(path);
    const override = this.#overrides.get(path);
    if (override) return override(req, res);
    const body = this.#body(path);
    if (!body) {
      res.writeHead(404).end('not found');
      return;
    }
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag }).end();
      return;
    }
    res.writeHead(200, { etag, 'content-length': body.length }).end(body);
  }

  async start(): Promise<string> {
    this.#server = createServer((req, res) => this.#handle(req, res));
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }

  /** Requests made since `from` (an index into `requests`). */
  since(from: number): string[] {
    return this.requests.slice(from);
  }
}

/** Failure answers for `override`. */
export const failures = {
  status:
    (code: number): Handler =>
    (_req, res) =>
      void res.writeHead(code).end(`error ${code}`),
  /** Promises the whole body, sends half, then closes the connection. */
  truncated:
    (body: Buffer): Handler =>
    (_req, res) => {
      res.writeHead(200, { 'content-length': body.length });
      res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy());
    },
  /** A complete answer whose bytes are not what they claim (a corrupt zip, a record that is not JSON). */
  body:
    (body: Buffer | string): Handler =>
    (_req, res) => {
      const bytes = Buffer.from(body);
      res.writeHead(200, { 'content-length': bytes.length }).end(bytes);
    },
  /** Sends the headers and a first chunk, then nothing (the client's idle timeout must end it). */
  stalled: (): Handler => (_req, res) => {
    res.writeHead(200, { 'content-length': 1000 });
    res.write('x'.repeat(10));
  },
};
