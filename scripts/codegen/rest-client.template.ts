// The hand-written part of clients/typescript/bulwark-client.ts: the generator copies everything below the
// marker (the openapi.ts import pointed at the file beside it), then appends the tool types and methods from the
// manifest. The REST types are names for the ones generated from the OpenAPI document (clients/typescript/openapi.ts),
// never copies. Type-checked here like any other file.
// --- template ---
import type { components, operations } from '../../clients/typescript/openapi.ts';

type RestSuccess<Op extends keyof operations> = operations[Op]['responses'] extends infer R
  ? R extends { 200: { content: { 'application/json': infer B } } }
    ? B
    : R extends { 201: { content: { 'application/json': infer B } } }
      ? B
      : never
  : never;

/** A schema the OpenAPI document names (components.schemas in clients/typescript/openapi.ts). */
export type RestSchema<Name extends keyof components['schemas']> = components['schemas'][Name];
/** The envelope's `data` of an operation's success answer, by operationId (clients/typescript/openapi.ts). */
export type RestData<Op extends keyof operations> = RestSuccess<Op> extends { data: infer D } ? D : never;
/** The query parameters an operation takes, by operationId. */
export type RestQuery<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;
/** The JSON body an operation takes, by operationId. */
export type RestBody<Op extends keyof operations> = operations[Op]['requestBody'] extends
  { content: { 'application/json': infer B } } | undefined
  ? B
  : never;

export type Scope = RestBody<'postTokens'>['scopes'][number];
export type Finding = RestSchema<'Finding'>;
export type Severity = Finding['severity'];
export type FindingStatus = Finding['status'];
export type FindingQuery = RestQuery<'getSscsFindings'>;
export type FindingsSummary = RestData<'getSscsFindingsSummary'>;

export type SbomListItem = RestSchema<'SbomListItem'>;
export type SbomUploadResult = RestData<'postSscsSbomsUpload'>;
export type SbomCreateInput = RestBody<'postSscsSboms'>;
export type SbomDiff = RestData<'getSscsSbomsBySbomIdDiff'>;
export type ExportFormat = RestQuery<'getSscsSbomsBySbomIdExport'>['format'];
export type Asset = RestSchema<'Asset'>;

export type Vendor = RestSchema<'Vendor'>;
export type VendorType = Vendor['type'];
export type AssessmentStatus = Vendor['assessmentStatus'];
export type VendorInput = RestBody<'postSscsVendors'>;
export type VendorRiskSummary = RestSchema<'VendorRiskSummary'>;

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

  listSboms(query: RestQuery<'getSscsSboms'> = {}): Promise<SbomListItem[]> {
    return this.#request('GET', '/sscs/sboms', undefined, query);
  }

  getSbom(sbomId: string): Promise<RestSchema<'SbomRecord'>> {
    return this.#request('GET', `/sscs/sboms/${encodeURIComponent(sbomId)}`);
  }

  listSbomComponents(sbomId: string): Promise<RestSchema<'Component'>[]> {
    return this.#request('GET', `/sscs/sboms/${encodeURIComponent(sbomId)}/components`);
  }

  createSbom(input: SbomCreateInput): Promise<RestData<'postSscsSboms'>> {
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

  deleteSbom(sbomId: string): Promise<RestData<'deleteSscsSbomsBySbomId'>> {
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
  findingsSummary(query: RestQuery<'getSscsFindingsSummary'> = {}): Promise<FindingsSummary> {
    return this.#request('GET', '/sscs/findings/summary', undefined, query);
  }

  listAssets(query: RestQuery<'getSscsAssets'> = {}): Promise<Asset[]> {
    return this.#request('GET', '/sscs/assets', undefined, query);
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
    body: RestBody<'patchSscsFindingsByFindingIdStatus'>,
  ): Promise<RestData<'patchSscsFindingsByFindingIdStatus'>> {
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
  replaceVendor(vendorId: string, input: RestBody<'putSscsVendorsByVendorId'>): Promise<Vendor> {
    return this.#request('PUT', `/sscs/vendors/${encodeURIComponent(vendorId)}`, input);
  }
}
