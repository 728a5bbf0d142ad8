// Generated from manifest/tools.yaml by scripts/generate.ts (npm run generate): do not edit.
// A small fetch-based client for the Bulwark REST API and tool server (Node 22+, browsers); its REST types are
// the OpenAPI document's, from openapi.ts beside it (generated too; a type-only import).

import type { components, operations } from './openapi.ts';

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

/** Arguments of access_anomaly_discovery, as a caller sends them. */
export type AccessAnomalyDiscoveryArgs = Record<string, never>;
/** Result of access_anomaly_discovery, as the tool server answers it. */
export type AccessAnomalyDiscoveryResult = {
  items: Array<Record<string, unknown>>;
  /** Number of items in this result */
  total: number;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string;
  [key: string]: unknown;
};

/** Arguments of access_concentration, as a caller sends them. */
export type AccessConcentrationArgs = Record<string, never>;
/** Result of access_concentration, as the tool server answers it. */
export type AccessConcentrationResult = {
  /** Concentration outliers, highest ratio first */
  items: Array<Record<string, unknown>>;
  total: number;
  privilegedOutliers?: number;
  singleHolders?: Record<string, unknown>;
  sodViolations?: {
    total?: number;
    /** Violations covered by an exception in force */
    withException?: number;
    withoutException?: number;
    terminatedIdentities?: number;
    throughOwnedAccounts?: number;
    items?: Array<Record<string, unknown>>;
    [key: string]: unknown;
  };
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string;
  [key: string]: unknown;
};

/** Arguments of access_department_risk, as a caller sends them. */
export type AccessDepartmentRiskArgs = Record<string, never>;
/** Result of access_department_risk, as the tool server answers it. */
export type AccessDepartmentRiskResult = {
  items: Array<Record<string, unknown>>;
  /** Number of items in this result */
  total: number;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string;
  [key: string]: unknown;
};

/** Arguments of access_high_risk_lifecycle, as a caller sends them. */
export type AccessHighRiskLifecycleArgs = Record<string, never>;
/** Result of access_high_risk_lifecycle, as the tool server answers it. */
export type AccessHighRiskLifecycleResult = {
  /** High-risk grants unused for 90+ days or never used */
  items: Array<Record<string, unknown>>;
  total: number;
  /** On enabled accounts */
  highRiskGrants?: number;
  byStage?: {
    [key: string]: number;
  };
  /** Disabled accounts with active grants */
  disabledAccounts?: Record<string, unknown>;
  /** Identities on leave and logins during leave */
  leave?: Record<string, unknown>;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string;
  [key: string]: unknown;
};

/** Arguments of access_normalization_health, as a caller sends them. */
export type AccessNormalizationHealthArgs = Record<string, never>;
/** Result of access_normalization_health, as the tool server answers it. */
export type AccessNormalizationHealthResult = {
  /** Active accounts of every type (human and non-human) */
  totalAccounts?: number;
  correlatedAccounts?: number;
  uncorrelatedAccounts?: number;
  /** Percentage of correlated accounts */
  correlationRate?: number;
  systems?: Array<Record<string, unknown>>;
  /** Active identities missing department, title or manager (department heads need no manager) */
  identitiesMissingAttributes?: Record<string, unknown>;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string;
  [key: string]: unknown;
};

/** Arguments of access_offboarding_violations, as a caller sends them. */
export type AccessOffboardingViolationsArgs = Record<string, never>;
/** Result of access_offboarding_violations, as the tool server answers it. */
export type AccessOffboardingViolationsResult = {
  items: Array<Record<string, unknown>>;
  /** Number of items in this result */
  total: number;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string;
  [key: string]: unknown;
};

/** Arguments of access_privileged_delta, as a caller sends them. */
export type AccessPrivilegedDeltaArgs = Record<string, never>;
/** Result of access_privileged_delta, as the tool server answers it. */
export type AccessPrivilegedDeltaResult = {
  windowDays: 30;
  items: Array<Record<string, unknown>>;
  total: number;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string;
  [key: string]: unknown;
};

/** Arguments of access_reviews_list, as a caller sends them. */
export type AccessReviewsListArgs = Record<string, never>;
/** Result of access_reviews_list, as the tool server answers it. */
export type AccessReviewsListResult = {
  items: Array<Record<string, unknown>>;
  /** Number of items in this result */
  total: number;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string;
  [key: string]: unknown;
};

/** Arguments of access_security_debt_trend, as a caller sends them. */
export type AccessSecurityDebtTrendArgs = {
  /** Number of calendar months to cover, including the current one (1–24, default 6). @default 6 */
  months?: number;
};
/** Result of access_security_debt_trend, as the tool server answers it. */
export type AccessSecurityDebtTrendResult = {
  months: number;
  /** One point per month (YYYY-MM), oldest first */
  items: Array<Record<string, unknown>>;
  total: number;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string;
  [key: string]: unknown;
};

/** Arguments of access_stale_accounts, as a caller sends them. */
export type AccessStaleAccountsArgs = Record<string, never>;
/** Result of access_stale_accounts, as the tool server answers it. */
export type AccessStaleAccountsResult = {
  items: Array<Record<string, unknown>>;
  /** Number of items in this result */
  total: number;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string;
  [key: string]: unknown;
};

/** Arguments of asset_overview, as a caller sends them. */
export type AssetOverviewArgs = {
  assetName: string;
};
/** Result of asset_overview, as the tool server answers it. */
export type AssetOverviewResult = {
  assetName: string;
  latestSbomId: string;
  versions: Array<{
    version?: string;
    sbomId: string;
    createdAt: string;
    [key: string]: unknown;
  }>;
  openFindings: {
    CRITICAL: number;
    HIGH: number;
    MEDIUM: number;
    LOW: number;
    total: number;
    kev: number;
    [key: string]: unknown;
  };
  /** Open policy violations of the latest version by state (fail, warn, info) */
  openViolations: {
    fail: number;
    warn: number;
    info: number;
    total: number;
    [key: string]: unknown;
  };
  [key: string]: unknown;
};

/** Arguments of audit_trail_search, as a caller sends them. */
export type AuditTrailSearchArgs = {
  /** Exact actor id (usr_<id>, or "system"); omit to list every actor. */
  actorId?: string;
  /** Page size (1–200, default 50). @default 50 */
  limit?: number;
  /** Entries to skip (default 0). @default 0 */
  offset?: number;
};
/** Result of audit_trail_search, as the tool server answers it. */
export type AuditTrailSearchResult = {
  items: Array<{
    /** aud_<id> */
    id: string;
    action: string;
    /** Masked identity of the actor */
    actor: string;
    at: string;
    [key: string]: unknown;
  }>;
  /** Full count of matching entries */
  total: number;
  limit: number;
  offset: number;
  [key: string]: unknown;
};

/** Arguments of evidence_log, as a caller sends them. */
export type EvidenceLogArgs = {
  /** ISO 27001 project id (iso_<id>). Omit to use the organisation's first active ISO project. */
  projectId?: string;
};
/** Result of evidence_log, as the tool server answers it. */
export type EvidenceLogResult = {
  projectId?: string;
  items: Array<Record<string, unknown>>;
  total: number;
  byStatus?: {
    [key: string]: number;
  };
  /** Accepted evidence by expiry */
  accepted?: {
    [key: string]: number;
  };
  /** Accepted evidence past its expiry */
  expired?: number;
  expiringSoon?: number;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string;
  [key: string]: unknown;
};

/** Arguments of findings_search, as a caller sends them. */
export type FindingsSearchArgs = {
  /** Default open */
  status?: 'open' | 'mitigated' | 'accepted_risk' | 'false_positive' | 'fixed';
  /** Any of these severities */
  severity?: Array<'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW'>;
  /** Only findings in CISA's Known Exploited Vulnerabilities catalog */
  kev?: boolean;
  /** Minimum EPSS probability (0–1) */
  epssMin?: number;
  /** The asset's latest SBOM only */
  assetName?: string;
  /** CVE-…, GHSA-… or another alias */
  vulnerabilityId?: string;
  /** Text in the component name or purl */
  q?: string;
  /** Findings per page (default 25) */
  limit?: number;
  /** nextCursor of the previous page */
  cursor?: string;
};
/** Result of findings_search, as the tool server answers it. */
export type FindingsSearchResult = {
  items: Array<{
    /** fnd_<id> */
    id: string;
    vulnerabilityId: string;
    aliases?: Array<string>;
    summary?: string;
    severity: 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW';
    status: 'open' | 'mitigated' | 'accepted_risk' | 'false_positive' | 'fixed';
    sbomId: string;
    component: {
      name: string;
      version?: string;
      purl?: string;
      [key: string]: unknown;
    };
    /** In CISA's KEV catalog */
    kev: boolean;
    /** Highest EPSS probability of the id and its aliases */
    epss?: number;
    fixedVersions: Array<string>;
    [key: string]: unknown;
  }>;
  /** Findings on this page */
  count: number;
  /** Absent on the last page */
  nextCursor?: string;
  [key: string]: unknown;
};

/** Arguments of iso_controls_list, as a caller sends them. */
export type IsoControlsListArgs = {
  /** ISO 27001 project id (iso_<id>). Omit to use the organisation's first active ISO project. */
  projectId?: string;
};
/** Result of iso_controls_list, as the tool server answers it. */
export type IsoControlsListResult = {
  /** The project the controls belong to; absent when there is none */
  projectId?: string;
  items: Array<Record<string, unknown>>;
  total: number;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string;
  [key: string]: unknown;
};

/** Arguments of iso_gap_status, as a caller sends them. */
export type IsoGapStatusArgs = {
  /** ISO 27001 project id (iso_<id>). Omit to use the organisation's first active ISO project. */
  projectId?: string;
};
/** Result of iso_gap_status, as the tool server answers it. */
export type IsoGapStatusResult = {
  projectId?: string;
  evidenceCoverage?: Record<string, unknown>;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string;
  [key: string]: unknown;
};

/** Arguments of iso_soa_summary, as a caller sends them. */
export type IsoSoaSummaryArgs = {
  /** ISO 27001 project id (iso_<id>). Omit to use the organisation's first active ISO project. */
  projectId?: string;
};
/** Result of iso_soa_summary, as the tool server answers it. */
export type IsoSoaSummaryResult = {
  projectId?: string;
  completeness?: Record<string, unknown>;
  version?: string;
  approvedAt?: string;
  riskLinks?: Record<string, unknown>;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string;
  [key: string]: unknown;
};

/** Arguments of maturity_scores, as a caller sends them. */
export type MaturityScoresArgs = Record<string, never>;
/** Result of maturity_scores, as the tool server answers it. */
export type MaturityScoresResult = {
  items: Array<Record<string, unknown>>;
  /** Number of items in this result */
  total: number;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string;
  [key: string]: unknown;
};

/** Arguments of policy_violations, as a caller sends them. */
export type PolicyViolationsArgs = {
  /** Default open */
  status?: 'open' | 'suppressed';
  /** The asset's latest SBOM only */
  assetName?: string;
  /** sbom_<id>: this SBOM only */
  sbomId?: string;
  state?: 'fail' | 'warn' | 'info';
  kind?: 'license' | 'security' | 'operational';
  /** pol_<id> */
  policyId?: string;
  /** Violations per page (default 25) */
  limit?: number;
  /** nextCursor of the previous page */
  cursor?: string;
};
/** Result of policy_violations, as the tool server answers it. */
export type PolicyViolationsResult = {
  items: Array<{
    /** pvl_<id> */
    id: string;
    /** pol_<id> */
    policyId: string;
    policyName: string;
    kind: 'license' | 'security' | 'operational';
    state: 'fail' | 'warn' | 'info';
    component: {
      name: string;
      version?: string;
      purl?: string;
      [key: string]: unknown;
    };
    sbomId: string;
    /** fnd_<id>, when the condition is about a vulnerability */
    findingId?: string;
    reason: string;
    status: 'open' | 'suppressed';
    /** Why it was suppressed (or reopened) */
    comment?: string;
    createdAt: string;
    [key: string]: unknown;
  }>;
  /** Violations on this page */
  count: number;
  /** Absent on the last page */
  nextCursor?: string;
  [key: string]: unknown;
};

/** Arguments of posture_summary, as a caller sends them. */
export type PostureSummaryArgs = Record<string, never>;
/** Result of posture_summary, as the tool server answers it. */
export type PostureSummaryResult = {
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string;
  [key: string]: unknown;
};

/** Arguments of remediation_plan, as a caller sends them. */
export type RemediationPlanArgs = {
  /** sbom_<id> */
  sbomId?: string;
  /** The asset's latest SBOM */
  assetName?: string;
};
/** Result of remediation_plan, as the tool server answers it. */
export type RemediationPlanResult = {
  /** The SBOM the plan is for */
  sbomId: string;
  items: Array<{
    /** The package (purl without version) */
    purl: string;
    currentVersion: string;
    /** The version to upgrade to; absent when the advisories name none (see targetAbove) */
    targetVersion?: string;
    /** Present when the fix is any version above this one (the ecosystem cannot name the next) */
    targetAbove?: string;
    fixes: {
      total: number;
      bySeverity: {
        CRITICAL: number;
        HIGH: number;
        MEDIUM: number;
        LOW: number;
        [key: string]: unknown;
      };
      kev: number;
      [key: string]: unknown;
    };
    /** Open findings the target leaves */
    remaining: number;
    findingIds: Array<string>;
    /** Direct dependencies (purls) that bring it in */
    introducedBy: Array<string>;
    [key: string]: unknown;
  }>;
  total: number;
  truncated: boolean;
  [key: string]: unknown;
};

/** Arguments of risk_create_draft, as a caller sends them. */
export type RiskCreateDraftArgs = {
  /** Short name of the risk */
  title: string;
  description?: string;
  /** e.g. access, supplier, availability */
  category?: string;
  likelihood?: number;
  impact?: number;
  treatment?: 'mitigate' | 'accept' | 'transfer' | 'avoid';
};
/** Result of risk_create_draft, as the tool server answers it. */
export type RiskCreateDraftResult = {
  /** risk_<id> */
  id: string;
  title: string;
  description?: string;
  category?: string;
  /** usr_<id> of the risk owner */
  ownerUserId?: string;
  likelihood?: number;
  impact?: number;
  /** likelihood × impact (1–25); absent until both are set */
  score?: number;
  treatment?: 'mitigate' | 'accept' | 'transfer' | 'avoid';
  status: 'draft' | 'approved' | 'in_treatment' | 'accepted' | 'closed';
  /** usr_<id> of the creator */
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
};

/** Arguments of risk_get, as a caller sends them. */
export type RiskGetArgs = {
  /** risk_<id> */
  id: string;
};
/** Result of risk_get, as the tool server answers it. */
export type RiskGetResult = {
  /** risk_<id> */
  id: string;
  title: string;
  description?: string;
  category?: string;
  /** usr_<id> of the risk owner */
  ownerUserId?: string;
  likelihood?: number;
  impact?: number;
  /** likelihood × impact (1–25); absent until both are set */
  score?: number;
  treatment?: 'mitigate' | 'accept' | 'transfer' | 'avoid';
  status: 'draft' | 'approved' | 'in_treatment' | 'accepted' | 'closed';
  /** usr_<id> of the creator */
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
};

/** Arguments of risk_register_list, as a caller sends them. */
export type RiskRegisterListArgs = Record<string, never>;
/** Result of risk_register_list, as the tool server answers it. */
export type RiskRegisterListResult = {
  items: Array<{
    /** risk_<id> */
    id: string;
    title: string;
    description?: string;
    category?: string;
    /** usr_<id> of the risk owner */
    ownerUserId?: string;
    likelihood?: number;
    impact?: number;
    /** likelihood × impact (1–25); absent until both are set */
    score?: number;
    treatment?: 'mitigate' | 'accept' | 'transfer' | 'avoid';
    status: 'draft' | 'approved' | 'in_treatment' | 'accepted' | 'closed';
    /** usr_<id> of the creator */
    createdBy: string;
    createdAt: string;
    updatedAt: string;
    [key: string]: unknown;
  }>;
  total: number;
  [key: string]: unknown;
};

/** Arguments of sbom_list, as a caller sends them. */
export type SbomListArgs = {
  /** Text in the SBOM's name or asset */
  q?: string;
};
/** Result of sbom_list, as the tool server answers it. */
export type SbomListResult = {
  items: Array<{
    /** sbom_<id> */
    id: string;
    name: string;
    assetName: string;
    /** ast_<id>: the asset whose version it is */
    assetId?: string;
    version?: string;
    /** The file's format family */
    source?: string;
    componentCount: number;
    findingCount: number;
    createdAt: string;
    [key: string]: unknown;
  }>;
  total: number;
  truncated: boolean;
  [key: string]: unknown;
};

/** Arguments of supplier_assessment_status, as a caller sends them. */
export type SupplierAssessmentStatusArgs = Record<string, never>;
/** Result of supplier_assessment_status, as the tool server answers it. */
export type SupplierAssessmentStatusResult = {
  total: number;
  notStarted: number;
  inProgress: number;
  completed: number;
  /** Percent completed; absent without suppliers */
  completionRate?: number;
  byTier: {
    '1': {
      total: number;
      completed: number;
      completionRate?: number;
      [key: string]: unknown;
    };
    '2': {
      total: number;
      completed: number;
      completionRate?: number;
      [key: string]: unknown;
    };
    '3': {
      total: number;
      completed: number;
      completionRate?: number;
      [key: string]: unknown;
    };
    [key: string]: unknown;
  };
  /** Tier-1 suppliers not completed */
  unassessedCritical: number;
  [key: string]: unknown;
};

/** Arguments of supplier_list, as a caller sends them. */
export type SupplierListArgs = Record<string, never>;
/** Result of supplier_list, as the tool server answers it. */
export type SupplierListResult = {
  items: Array<{
    /** vnd_<id> */
    id: string;
    name: string;
    type: 'oss' | 'commercial';
    riskTier: 1 | 2 | 3;
    assessmentStatus: 'not_started' | 'in_progress' | 'completed';
    website?: string;
    [key: string]: unknown;
  }>;
  total: number;
  truncated: boolean;
  [key: string]: unknown;
};

/** Arguments of uar_status, as a caller sends them. */
export type UarStatusArgs = Record<string, never>;
/** Result of uar_status, as the tool server answers it. */
export type UarStatusResult = {
  campaigns?: Array<Record<string, unknown>>;
  /** Open review items */
  items: Array<Record<string, unknown>>;
  /** Number of open items returned */
  total: number;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string;
  [key: string]: unknown;
};

/** Every REST endpoint and every tool of the tool server as a typed method. */
export class BulwarkClient extends BulwarkRestClient {
  /** Access anomalies (mcp:read). Finds unusual access in the governed workforce: accounts not correlated to any identity, grants that break separation-of-duty rules, privileged access held outside the holder's usual department. One item per anomaly with its kind, severity and the identity/account ids involved. Identities are masked. */
  accessAnomalyDiscovery(args?: AccessAnomalyDiscoveryArgs): Promise<AccessAnomalyDiscoveryResult> {
    return this.callTool<AccessAnomalyDiscoveryResult>('access_anomaly_discovery', args ?? {});
  }

  /** Access concentration (mcp:read). Shows where privileged entitlements are concentrated: identities holding the most privileged grants and entitlements held by very few or very many identities (key-person risk), and separation-of-duty violations (terminated identities and owned service/shared accounts included) with the exception in force, if any (mitigating control, approver, expiry). Identities are masked. */
  accessConcentration(args?: AccessConcentrationArgs): Promise<AccessConcentrationResult> {
    return this.callTool<AccessConcentrationResult>('access_concentration', args ?? {});
  }

  /** Access risk by department (mcp:read). Access risk rolled up per department: identities, privileged grants, stale accounts, open violations and a risk score per department, highest risk first. Identities are masked. */
  accessDepartmentRisk(args?: AccessDepartmentRiskArgs): Promise<AccessDepartmentRiskResult> {
    return this.callTool<AccessDepartmentRiskResult>('access_department_risk', args ?? {});
  }

  /** High-risk access lifecycle (mcp:read). Privileged grants with lifecycle problems: granted without a review, never used, or kept after a role or department change, counted by the holder's stage (joiner, mover, leave, leaver, steady, unowned). Disabled accounts still carrying grants and logins during leave are reported on their own. Identities are masked. */
  accessHighRiskLifecycle(args?: AccessHighRiskLifecycleArgs): Promise<AccessHighRiskLifecycleResult> {
    return this.callTool<AccessHighRiskLifecycleResult>('access_high_risk_lifecycle', args ?? {});
  }

  /** Identity normalization health (mcp:read). How well accounts are correlated to identities: account totals, correlated and uncorrelated counts and the correlation rate per system. Use it to judge how far the other access tools can be trusted. */
  accessNormalizationHealth(args?: AccessNormalizationHealthArgs): Promise<AccessNormalizationHealthResult> {
    return this.callTool<AccessNormalizationHealthResult>('access_normalization_health', args ?? {});
  }

  /** Offboarding violations (mcp:read). Accounts that stayed active after their identity left the organisation, beyond the organisation's offboarding deadline: one item per account with the leave date and days overdue. Identities are masked. */
  accessOffboardingViolations(
    args?: AccessOffboardingViolationsArgs,
  ): Promise<AccessOffboardingViolationsResult> {
    return this.callTool<AccessOffboardingViolationsResult>('access_offboarding_violations', args ?? {});
  }

  /** Privileged access changes (30 days) (mcp:read). Privileged grants added and removed during the last 30 days: one item per change (granted or revoked) with the entitlement, system and date. Identities are masked. */
  accessPrivilegedDelta(args?: AccessPrivilegedDeltaArgs): Promise<AccessPrivilegedDeltaResult> {
    return this.callTool<AccessPrivilegedDeltaResult>('access_privileged_delta', args ?? {});
  }

  /** Access review campaigns (mcp:read). User access review campaigns with their status, due date, reviewer and progress (items decided out of items total; a self-review is not a decision), self-reviews, reviewers inside the reviewed identity's manager chain and decisions recorded without evidence. Reviewer identities are masked. */
  accessReviewsList(args?: AccessReviewsListArgs): Promise<AccessReviewsListResult> {
    return this.callTool<AccessReviewsListResult>('access_reviews_list', args ?? {});
  }

  /** Access security debt trend (mcp:read). Monthly trend of access security debt (offboarding misses, overdue review remediations, expired grants, separation-of-duty conflicts, stale privileged accounts, unreviewed privileged grants) over the last `months` months, oldest month first: open at each month end by severity and by kind, opened and closed. */
  accessSecurityDebtTrend(args?: AccessSecurityDebtTrendArgs): Promise<AccessSecurityDebtTrendResult> {
    return this.callTool<AccessSecurityDebtTrendResult>('access_security_debt_trend', args ?? {});
  }

  /** Stale accounts (mcp:read). Active accounts not used for longer than the organisation's stale-account threshold: one item per account with its system, last use and days idle, longest idle first. Identities are masked. */
  accessStaleAccounts(args?: AccessStaleAccountsArgs): Promise<AccessStaleAccountsResult> {
    return this.callTool<AccessStaleAccountsResult>('access_stale_accounts', args ?? {});
  }

  /** Asset overview (mcp:read). One asset (the SBOMs sharing an asset name are its versions): its versions newest first, the open findings of its latest version by severity (with how many are in CISA's KEV catalog) and its latest version's open policy violations by state. An unknown asset is NOT_FOUND. Only available where the organisation enabled the supply-chain tools. */
  assetOverview(args: AssetOverviewArgs): Promise<AssetOverviewResult> {
    return this.callTool<AssetOverviewResult>('asset_overview', args ?? {});
  }

  /** Search the audit trail (mcp:read). Pages through the organisation's audit trail, newest entry first. Each entry has its id (aud_<id>), the dotted action (<entity>.<verb>, e.g. vendor.create), the actor (masked e-mail, or "system") and the time. Filter by one actor with its exact user id (usr_<id>). `total` is the full count of matching entries; fetch further pages with `offset` (the only tool with real pagination). */
  auditTrailSearch(args?: AuditTrailSearchArgs): Promise<AuditTrailSearchResult> {
    return this.callTool<AuditTrailSearchResult>('audit_trail_search', args ?? {});
  }

  /** Evidence log (mcp:read). The latest compliance evidence records of an ISO 27001 project (at most 50, newest first, no continuation): title, status, linked control, collection and expiry dates and who collected it; counts by status and, for accepted evidence, by expiry. Without projectId the organisation's first active ISO project is used (none: an empty log). Identities are masked. */
  evidenceLog(args?: EvidenceLogArgs): Promise<EvidenceLogResult> {
    return this.callTool<EvidenceLogResult>('evidence_log', args ?? {});
  }

  /** Search vulnerability findings (mcp:read). Vulnerability findings of the organisation's SBOMs, newest first, a page at a time: filter by status (open by default), severities, CISA KEV membership, a minimum EPSS score, an asset (its latest SBOM), a vulnerability id or alias, or text in the component name or purl. Pass nextCursor back as cursor for the next page. Only available where the organisation enabled the supply-chain tools. */
  findingsSearch(args?: FindingsSearchArgs): Promise<FindingsSearchResult> {
    return this.callTool<FindingsSearchResult>('findings_search', args ?? {});
  }

  /** ISO 27001 controls (mcp:read). The ISO/IEC 27001:2022 Annex A controls (A.5.1–A.8.34) of a project with their applicability, implementation status and maturity. Without projectId the organisation's first active ISO project is used. */
  isoControlsList(args?: IsoControlsListArgs): Promise<IsoControlsListResult> {
    return this.callTool<IsoControlsListResult>('iso_controls_list', args ?? {});
  }

  /** ISO 27001 gap status (mcp:read). Gap analysis of an ISO 27001 project: applicable controls by implementation status, evidence coverage (applicable controls with current accepted evidence, with only expired or pending evidence, without any) and the largest gaps. Without projectId the organisation's first active ISO project is used. */
  isoGapStatus(args?: IsoGapStatusArgs): Promise<IsoGapStatusResult> {
    return this.callTool<IsoGapStatusResult>('iso_gap_status', args ?? {});
  }

  /** Statement of applicability summary (mcp:read). Summary of an ISO 27001 project's statement of applicability: applicable and excluded controls (with justifications counted), implementation status and average maturity per Annex A theme, completeness (undecided controls, applicable ones without justification), the SoA version and approval date, and the links from applicable controls to the risks they treat. Without projectId the organisation's first active ISO project is used. */
  isoSoaSummary(args?: IsoSoaSummaryArgs): Promise<IsoSoaSummaryResult> {
    return this.callTool<IsoSoaSummaryResult>('iso_soa_summary', args ?? {});
  }

  /** Maturity scores (mcp:read). The latest maturity scores (0–5) per control domain, a capped set without continuation. */
  maturityScores(args?: MaturityScoresArgs): Promise<MaturityScoresResult> {
    return this.callTool<MaturityScoresResult>('maturity_scores', args ?? {});
  }

  /** Policy violations (mcp:read). Policy violations (license, security and operational policies) of the organisation's SBOMs, newest first, a page at a time: each names the policy, its state (fail, warn or info), the component and why it violates. Filter by status (open by default; suppressed ones carry the comment that suppressed them), an asset (its latest SBOM) or an SBOM id, state, kind or policy id. Pass nextCursor back as cursor for the next page. An unknown asset or SBOM is NOT_FOUND. Only available where the organisation enabled the supply-chain tools. */
  policyViolations(args?: PolicyViolationsArgs): Promise<PolicyViolationsResult> {
    return this.callTool<PolicyViolationsResult>('policy_violations', args ?? {});
  }

  /** Security posture summary (mcp:read). One roll-up of the organisation's security and compliance posture: access hygiene, review progress, ISO readiness, open risks and supplier assessment coverage. Start here for an overview. */
  postureSummary(args?: PostureSummaryArgs): Promise<PostureSummaryResult> {
    return this.callTool<PostureSummaryResult>('posture_summary', args ?? {});
  }

  /** Remediation plan (mcp:read). What to upgrade in one SBOM (give sbomId) or in an asset's latest SBOM (give assetName; exactly one of the two): per vulnerable package and version, the lowest version the advisories name that fixes its open findings (or the one fixing most, with how many remain), what it fixes by severity and KEV, and the direct dependencies that bring the package in; most valuable first (KEV fixes, then CRITICAL, HIGH, …). No package registry is consulted. At most 100 packages are returned; total counts all and truncated says whether some were left out. Only available where the organisation enabled the supply-chain tools. */
  remediationPlan(args?: RemediationPlanArgs): Promise<RemediationPlanResult> {
    return this.callTool<RemediationPlanResult>('remediation_plan', args ?? {});
  }

  /** Draft a risk (mcp:write). Creates a DRAFT risk in the organisation's risk register (status draft) for a human to review and approve; drafts do not appear in risk_register_list until approved. Only the title is required. Needs the mcp:write scope and write access enabled for the organisation (otherwise NOT_PERMITTED). The creation is audited. */
  riskCreateDraft(args: RiskCreateDraftArgs): Promise<RiskCreateDraftResult> {
    return this.callTool<RiskCreateDraftResult>('risk_create_draft', args ?? {});
  }

  /** Get a risk (mcp:read). One risk of the organisation's register by id (risk_<id>), drafts included, with likelihood, impact, score (likelihood × impact), treatment and status. Unknown ids give NOT_FOUND. */
  riskGet(args: RiskGetArgs): Promise<RiskGetResult> {
    return this.callTool<RiskGetResult>('risk_get', args ?? {});
  }

  /** Risk register (mcp:read). The organisation's risk register: finalized risks only (drafts never appear), highest score first. */
  riskRegisterList(args?: RiskRegisterListArgs): Promise<RiskRegisterListResult> {
    return this.callTool<RiskRegisterListResult>('risk_register_list', args ?? {});
  }

  /** SBOMs (mcp:read). The organisation's SBOMs, newest first, with their asset, version, format and component and finding counts; q filters on the name or asset. At most 200 are returned; total counts all and truncated says whether some were left out. Only available where the organisation enabled the supply-chain tools. */
  sbomList(args?: SbomListArgs): Promise<SbomListResult> {
    return this.callTool<SbomListResult>('sbom_list', args ?? {});
  }

  /** Supplier assessment status (mcp:read). Assessment completion across the organisation's third-party suppliers (vendors of type internal are left out): counts not started, in progress and completed, the completion rate overall and per risk tier (tier 1 = critical), and the tier-1 suppliers not yet assessed. */
  supplierAssessmentStatus(args?: SupplierAssessmentStatusArgs): Promise<SupplierAssessmentStatusResult> {
    return this.callTool<SupplierAssessmentStatusResult>('supplier_assessment_status', args ?? {});
  }

  /** Suppliers (mcp:read). The organisation's third-party suppliers (vendors of type oss or commercial; internal ones are left out), most critical first (risk tier 1 first, then by name), with type, risk tier and assessment status. At most 200 are returned; `total` counts all of them and `truncated` says whether some were left out. */
  supplierList(args?: SupplierListArgs): Promise<SupplierListResult> {
    return this.callTool<SupplierListResult>('supplier_list', args ?? {});
  }

  /** User access review status (mcp:read). Status of user access reviews: active campaigns with progress and deadlines (planned campaigns are not counted; a self-review is not a decision), and the open review items (undecided or awaiting remediation), overdue first, each flagged when the reviewer sits in the holder's manager chain. Reviewer and holder identities are masked. */
  uarStatus(args?: UarStatusArgs): Promise<UarStatusResult> {
    return this.callTool<UarStatusResult>('uar_status', args ?? {});
  }
}
