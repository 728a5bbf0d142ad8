// The hand-written part of clients/typescript/bulwark-client.ts: the generator copies everything below the
// marker, then appends the tool types and methods from the manifest. Type-checked here like any other file.
// --- template ---
export type Scope = 'sbom:read' | 'sbom:write' | 'mcp:read' | 'mcp:write';
export type Severity = 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW';
export type FindingStatus = 'open' | 'mitigated' | 'accepted_risk' | 'false_positive' | 'fixed';
export type VendorType = 'oss' | 'commercial' | 'internal';
export type AssessmentStatus = 'not_started' | 'in_progress' | 'completed';

export interface SbomListItem {
  id: string;
  name: string;
  version: string | null;
  source: string | null;
  componentCount: number;
  createdAt: string;
  [key: string]: unknown;
}

export interface SbomUploadResult {
  id: string;
  assetName: string;
  version: string | null;
  format: string;
  componentCount: number;
  createdAt: string;
  [key: string]: unknown;
}

export interface SbomCreateInput {
  name: string;
  version?: string;
  assetId?: string;
  repoUrl?: string;
  branch?: string;
}

export interface Finding {
  id: string;
  sbomId: string;
  severity: Severity;
  status: FindingStatus;
  remediationNotes: string | null;
  [key: string]: unknown;
}

export interface FindingQuery {
  status?: FindingStatus;
  /** One severity or a comma list (`CRITICAL,HIGH`). */
  severity?: string;
  sbomId?: string;
  /** The vulnerability id or any of its aliases. */
  vulnerabilityId?: string;
  /** Substring of the component name or purl. */
  q?: string;
  sort?: 'severity' | '-severity' | 'createdAt' | '-createdAt';
  /** Opt-in paging: see listFindingsPage. */
  limit?: number;
  cursor?: string;
}

export interface Asset {
  assetName: string;
  versions: { version: string | null; sbomId: string; createdAt: string }[];
  latestSbomId: string;
  openFindings: FindingsSummary;
}

export interface SbomDiff {
  added: { name: string; version: string | null; purl: string | null }[];
  removed: { name: string; version: string | null; purl: string | null }[];
  changed: { name: string; purl: string | null; from: string | null; to: string | null }[];
  findingsIntroduced: Array<Record<string, unknown>>;
  findingsResolved: Array<Record<string, unknown>>;
}

export type ExportFormat = 'cyclonedx' | 'cyclonedx-vex' | 'openvex' | 'sarif' | 'csv';

export type FindingsSummary = Record<Severity, number> & { total: number };

export interface VendorInput {
  name: string;
  type: VendorType;
  riskTier: 1 | 2 | 3;
  assessmentStatus: AssessmentStatus;
  website?: string;
  notes?: string;
}

export interface Vendor extends Omit<VendorInput, 'website' | 'notes'> {
  id: string;
  website: string | null;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface VendorRiskSummary {
  total: number;
  byTier: Record<'1' | '2' | '3', number>;
  byAssessmentStatus: Record<AssessmentStatus, number>;
  unassessedCritical: number;
  score: number;
}

/** A failed call: the envelope's (or the tool result's) error code and message, and the HTTP status. */
export class BulwarkError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, message: string, status: number) {
    super(message);
    this.name = 'BulwarkError';
    this.code = code;
    this.status = status;
  }
}

export interface BulwarkClientOptions {
  /** Base address ending in /api/v1, e.g. http://127.0.0.1:8080/api/v1 */
  baseUrl: string;
  /** API token (bwk_…). */
  token: string;
  fetch?: typeof fetch;
}

interface Envelope<T> {
  data: T | null;
  error: { code: string; message: string } | null;
}

interface ToolCallResult {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  /** An error result's code and message (it carries no structuredContent). */
  _meta?: { error?: { code?: string; message?: string } };
}

export class BulwarkRestClient {
  readonly #baseUrl: string;
  readonly #token: string;
  readonly #fetch: typeof fetch;
  #nextId = 1;

  constructor(options: BulwarkClientOptions) {
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#token = options.token;
    this.#fetch = options.fetch ?? fetch;
  }

  async #request<T>(method: string, path: string, body?: unknown, query?: object): Promise<T> {
    const url = new URL(`${this.#baseUrl}${path}`);
    for (const [key, value] of Object.entries(query ?? {}))
      if (value !== undefined) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#token}`,
      accept: 'application/json',
    };
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await this.#fetch(url, {
      method,
      headers,
      ...(payload === undefined ? {} : { body: payload }),
    });
    const envelope = (await response.json()) as Envelope<T>;
    if (!response.ok || envelope.error) {
      throw new BulwarkError(
        envelope.error?.code ?? 'HTTP_ERROR',
        envelope.error?.message ?? response.statusText,
        response.status,
      );
    }
    return envelope.data as T;
  }

  /** Calls a tool over the MCP endpoint (stateless JSON-RPC); an isError result throws its code and message. */
  async callTool<T>(name: string, args: object): Promise<T> {
    const response = await this.#fetch(`${this.#baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.#token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: this.#nextId++,
        method: 'tools/call',
        params: { name, arguments: args },
      }),
    });
    const body = (await response.json()) as {
      result?: ToolCallResult;
      error?: { code?: string | number; message: string };
    };
    if (!response.ok || body.error || !body.result) {
      throw new BulwarkError(
        String(body.error?.code ?? 'MCP_ERROR'),
        body.error?.message ?? response.statusText,
        response.status,
      );
    }
    const content = body.result.structuredContent ?? {};
    if (body.result.isError) {
      const error = body.result._meta?.error ?? {};
      throw new BulwarkError(
        error.code ?? 'INTERNAL_ERROR',
        error.message ?? 'The tool failed',
        response.status,
      );
    }
    return content as T;
  }

  listSboms(query: { q?: string } = {}): Promise<SbomListItem[]> {
    return this.#request('GET', '/sscs/sboms', undefined, query);
  }

  getSbom(sbomId: string): Promise<Record<string, unknown>> {
    return this.#request('GET', `/sscs/sboms/${encodeURIComponent(sbomId)}`);
  }

  listSbomComponents(sbomId: string): Promise<Array<Record<string, unknown>>> {
    return this.#request('GET', `/sscs/sboms/${encodeURIComponent(sbomId)}/components`);
  }

  createSbom(input: SbomCreateInput): Promise<Record<string, unknown>> {
    return this.#request('POST', '/sscs/sboms', input);
  }

  /** Uploads an SBOM file; the format is detected from the file name's extension. */
  uploadSbom(
    file: Blob,
    filename: string,
    fields: { name?: string; assetName?: string; version?: string } = {},
  ): Promise<SbomUploadResult> {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.set(key, value);
    form.set('file', file, filename);
    return this.#request('POST', '/sscs/sboms/upload', form);
  }

  deleteSbom(sbomId: string): Promise<{ id: string; deleted: true }> {
    return this.#request('DELETE', `/sscs/sboms/${encodeURIComponent(sbomId)}`);
  }

  listFindings(query: FindingQuery = {}): Promise<Finding[]> {
    return this.#request('GET', '/sscs/findings', undefined, query);
  }

  /** One page of findings (`limit` required) and the cursor of the next page, null on the last. */
  async listFindingsPage(
    query: FindingQuery & { limit: number },
  ): Promise<{ findings: Finding[]; nextCursor: string | null }> {
    const url = new URL(`${this.#baseUrl}/sscs/findings`);
    for (const [key, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(key, String(value));
    const response = await this.#fetch(url, { headers: { authorization: `Bearer ${this.#token}` } });
    const body = (await response.json()) as Envelope<Finding[]> & {
      meta: { nextCursor: string | null } | null;
    };
    if (!response.ok || body.error)
      throw new BulwarkError(
        body.error?.code ?? 'HTTP_ERROR',
        body.error?.message ?? response.statusText,
        response.status,
      );
    return { findings: body.data ?? [], nextCursor: body.meta?.nextCursor ?? null };
  }

  /** Open findings by severity: the organisation's, one SBOM's, or an asset's latest SBOM. */
  findingsSummary(query: { sbomId?: string; assetName?: string } = {}): Promise<FindingsSummary> {
    return this.#request('GET', '/sscs/findings/summary', undefined, query);
  }

  listAssets(): Promise<Asset[]> {
    return this.#request('GET', '/sscs/assets');
  }

  /** The change from `against` (the older SBOM) to `sbomId`. */
  diffSboms(sbomId: string, against: string): Promise<SbomDiff> {
    return this.#request('GET', `/sscs/sboms/${encodeURIComponent(sbomId)}/diff`, undefined, { against });
  }

  /** An SBOM's findings as a file (the text of it); errors still come as the envelope. */
  async exportSbom(sbomId: string, format: ExportFormat): Promise<string> {
    const url = new URL(`${this.#baseUrl}/sscs/sboms/${encodeURIComponent(sbomId)}/export`);
    url.searchParams.set('format', format);
    const response = await this.#fetch(url, { headers: { authorization: `Bearer ${this.#token}` } });
    const text = await response.text();
    if (!response.ok) {
      const envelope = JSON.parse(text) as Envelope<never>;
      throw new BulwarkError(
        envelope.error?.code ?? 'HTTP_ERROR',
        envelope.error?.message ?? response.statusText,
        response.status,
      );
    }
    return text;
  }

  setFindingStatus(
    findingId: string,
    body: { status: FindingStatus; remediationNotes?: string },
  ): Promise<Finding> {
    return this.#request('PATCH', `/sscs/findings/${encodeURIComponent(findingId)}/status`, body);
  }

  listVendors(): Promise<Vendor[]> {
    return this.#request('GET', '/sscs/vendors');
  }

  vendorRiskSummary(): Promise<VendorRiskSummary> {
    return this.#request('GET', '/sscs/vendors/risk-summary');
  }

  createVendor(input: VendorInput): Promise<Vendor> {
    return this.#request('POST', '/sscs/vendors', input);
  }

  /** Full replacement: every required field must be given; optional fields left out are cleared. */
  replaceVendor(vendorId: string, input: VendorInput): Promise<Vendor> {
    return this.#request('PUT', `/sscs/vendors/${encodeURIComponent(vendorId)}`, input);
  }
}
