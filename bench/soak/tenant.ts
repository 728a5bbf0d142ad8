// A well-behaved tenant: one request at a time at a steady pace, a realistic mix (uploads of the real SBOMs,
// findings lists, triage, vendor creates, tool calls), and a ledger of every write the server acknowledged so
// that the end of the run can check that none was lost.
import { randomUUID } from 'node:crypto';
import type { Client } from './client.ts';
import { data, multipart, sleep, type Reply } from './client.ts';

export interface SbomFile {
  name: string;
  bytes: Buffer;
}

/** What the tenant believes the store holds: acknowledged writes, and writes whose outcome it never learned. */
export interface Ledger {
  sboms: Map<string, { componentCount: number; name: string }>;
  deletedSboms: Set<string>;
  vendors: Map<string, string>;
  /** finding id → the last acknowledged triage, plus the statuses of later unanswered attempts. */
  triage: Map<
    string,
    { sbomId: string; status: string; notes: string; pending: Array<{ status: string; notes: string }> }
  >;
  /** Writes given up after retries (no 2xx seen): not counted as lost, reported. */
  unacknowledged: number;
}

const STATUSES = ['mitigated', 'accepted_risk', 'false_positive', 'fixed', 'open'];
/** SBOMs a tenant keeps; the oldest is deleted beyond this, so lists stay of a steady size. */
const KEEP_SBOMS = 6;

export class Tenant {
  readonly ledger: Ledger = {
    sboms: new Map(),
    deletedSboms: new Set(),
    vendors: new Map(),
    triage: new Map(),
    unacknowledged: 0,
  };
  /** Answers a well-behaved client should never get (a 4xx, a tool error): reported, the run goes on. */
  readonly surprises: string[] = [];
  readonly #client: Client;
  readonly #files: SbomFile[];
  readonly #intervalMs: number;
  #findings: Array<{ id: string; sbomId: string }> = [];
  #op = 0;
  #fileIndex: number;

  constructor(client: Client, files: SbomFile[], intervalMs: number, offset: number) {
    this.#client = client;
    this.#files = files;
    this.#intervalMs = intervalMs;
    this.#fileIndex = offset;
  }

  get name(): string {
    return this.#client.options.tenant;
  }

  /** Runs until `until()` says stop, one operation per interval (the pace does not speed up to catch up). */
  async run(until: () => boolean): Promise<void> {
    while (!until()) {
      const started = performance.now();
      await this.#step();
      await sleep(Math.max(0, this.#intervalMs - (performance.now() - started)));
    }
  }

  /**
   * A write with an Idempotency-Key, retried like a careful client when the answer is lost or 5xx (the key
   * makes the retry safe). Resolves with the 2xx reply, or undefined when none came.
   */
  async #write(kind: string, method: string, path: string, body: Buffer | string, type?: string) {
    const key = randomUUID();
    for (let attempt = 0; attempt < 6; attempt++) {
      const headers: Record<string, string> = {
        'idempotency-key': key,
        ...(type ? { 'content-type': type } : {}),
      };
      const reply = await this.#client.send(attempt === 0 ? kind : `${kind} (retry)`, method, path, {
        body,
        headers,
      });
      if (reply.status >= 200 && reply.status < 300) return reply;
      // 409: the first attempt is still running on the other instance (or died there): ask again later.
      if (reply.status !== 0 && reply.status < 500 && reply.status !== 409) {
        this.surprises.push(`${kind}: ${reply.status} ${reply.body.slice(0, 200)}`);
        return undefined;
      }
      await sleep(1_000);
    }
    this.ledger.unacknowledged++;
    return undefined;
  }

  async #step(): Promise<unknown> {
    const op = this.#op++ % 20;
    if (op === 0 || op === 10) return this.#upload();
    if (op === 1 || op === 5 || op === 11 || op === 15) return this.#listFindings();
    if (op === 2 || op === 6 || op === 12 || op === 16) return this.#triage();
    if (op === 3 || op === 13) return this.#createVendor();
    if (op === 4 || op === 9 || op === 14 || op === 19) return this.#tool(op);
    if (op === 7) return this.#get('sboms list', '/api/v1/sscs/sboms');
    if (op === 8) return this.#get('vendors list', '/api/v1/sscs/vendors');
    if (op === 17) return this.#get('findings summary', '/api/v1/sscs/findings/summary');
    return this.#deleteOldest();
  }

  async #get(kind: string, path: string): Promise<Reply> {
    const reply = await this.#client.send(kind, 'GET', path);
    if (reply.status >= 400 && reply.status < 500)
      this.surprises.push(`${kind}: ${reply.status} ${reply.body.slice(0, 200)}`);
    return reply;
  }

  async #upload(): Promise<void> {
    const file = this.#files[this.#fileIndex++ % this.#files.length]!;
    const name = `${this.name}-${this.#op}-${file.name}`;
    const form = multipart({ name }, file);
    const reply = await this.#write('upload', 'POST', '/api/v1/sscs/sboms/upload', form.body, form.type);
    if (!reply) return;
    const sbom = data<{ id: string; componentCount: number }>(reply);
    this.ledger.sboms.set(sbom.id, { componentCount: sbom.componentCount, name });
  }

  async #deleteOldest(): Promise<void> {
    const alive = [...this.ledger.sboms.keys()].filter((id) => !this.ledger.deletedSboms.has(id));
    if (alive.length <= KEEP_SBOMS) return void (await this.#get('sboms list', '/api/v1/sscs/sboms'));
    const id = alive[0]!;
    for (let attempt = 0; attempt < 6; attempt++) {
      const reply = await this.#client.send('delete', 'DELETE', `/api/v1/sscs/sboms/${id}`);
      // A 404 on a retry: the earlier attempt did delete it.
      if ((reply.status >= 200 && reply.status < 300) || (attempt > 0 && reply.status === 404)) {
        this.ledger.deletedSboms.add(id);
        this.#findings = [];
        return;
      }
      await sleep(1_000);
    }
    this.ledger.unacknowledged++;
  }

  async #listFindings(): Promise<void> {
    const alive = [...this.ledger.sboms.keys()].filter((id) => !this.ledger.deletedSboms.has(id));
    const sbomId = alive.length > 0 && this.#op % 3 === 0 ? alive[this.#op % alive.length] : undefined;
    const reply = await this.#get(
      'findings list',
      `/api/v1/sscs/findings${sbomId ? `?sbomId=${sbomId}` : this.#op % 4 === 0 ? '?severity=HIGH' : ''}`,
    );
    if (reply.status === 200)
      this.#findings = data<Array<{ id: string; sbomId: string }>>(reply).map((f) => ({
        id: f.id,
        sbomId: f.sbomId,
      }));
  }

  async #triage(): Promise<void> {
    if (this.#findings.length === 0) return this.#listFindings();
    const { id, sbomId } = this.#findings[this.#op % this.#findings.length]!;
    const status = STATUSES[this.#op % STATUSES.length]!;
    const notes = `soak ${this.name} op ${this.#op}`;
    const body = JSON.stringify({ status, remediationNotes: notes });
    let entry = this.ledger.triage.get(id);
    // A triage PATCH is idempotent by nature (it sets a value): retried without a key.
    for (let attempt = 0; attempt < 6; attempt++) {
      const reply = await this.#client.send(
        attempt === 0 ? 'triage' : 'triage (retry)',
        'PATCH',
        `/api/v1/sscs/findings/${id}/status`,
        {
          body,
        },
      );
      if (reply.status === 200) {
        this.ledger.triage.set(id, { sbomId, status, notes, pending: [] });
        return;
      }
      // The finding went with its SBOM (deleted by this tenant meanwhile): nothing to record.
      if (reply.status === 404) return;
      if (reply.status !== 0 && reply.status < 500) {
        this.surprises.push(`triage: ${reply.status} ${reply.body.slice(0, 200)}`);
        return;
      }
      entry ??= { sbomId, status: '', notes: '', pending: [] };
      entry.pending.push({ status, notes });
      this.ledger.triage.set(id, entry);
      await sleep(1_000);
    }
    this.ledger.unacknowledged++;
  }

  async #createVendor(): Promise<void> {
    const name = `${this.name} vendor ${this.#op}`;
    const body = JSON.stringify({
      name,
      type: (['oss', 'commercial', 'internal'] as const)[this.#op % 3],
      riskTier: (this.#op % 3) + 1,
      assessmentStatus: 'in_progress',
      website: 'https://vendor.example',
      notes: `Contact ops@vendor.example about ${name}.`,
    });
    const reply = await this.#write('vendor create', 'POST', '/api/v1/sscs/vendors', body);
    if (reply) this.ledger.vendors.set(data<{ id: string }>(reply).id, name);
  }

  async #tool(op: number): Promise<void> {
    const name = ['supplier_list', 'supplier_assessment_status', 'posture_summary', 'supplier_list'][op % 4]!;
    const reply = await this.#client.send(`mcp ${name}`, 'POST', '/api/v1/mcp', {
      body: JSON.stringify({ jsonrpc: '2.0', id: op, method: 'tools/call', params: { name, arguments: {} } }),
      headers: { accept: 'application/json, text/event-stream' },
    });
    if (reply.status >= 400 && reply.status < 500)
      this.surprises.push(`${name}: ${reply.status} ${reply.body.slice(0, 200)}`);
    else if (reply.status === 200 && (JSON.parse(reply.body) as { error?: unknown }).error) {
      this.surprises.push(`${name}: ${reply.body.slice(0, 200)}`);
    }
  }
}
