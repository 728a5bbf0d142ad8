/**
 * The OpenAPI document served at /api/v1/openapi.json and rendered at /api/v1/docs: what the routes declare,
 * completed here with each operation's words, its error responses and codes, the upload's multipart body and
 * the routes outside /api/v1 (docs/contract.md explains the envelope and the codes).
 */
import { VERSION } from '../version.ts';
import { EXPORT_FILE, operationIdOf, SCAN_BODY, VEX_BODY } from './openapi-bodies.ts';

export type Json = Record<string, unknown>;
type Operation = Json & { summary?: string; description?: string; parameters?: Json[]; requestBody?: Json };

interface OperationDoc {
  summary: string;
  description: string;
  /** Error statuses beyond the ones every authenticated operation has, with their codes. */
  errors?: Record<number, string[]>;
}

const NOT_FOUND = { 404: ['NOT_FOUND'] };
const CONFLICT = { 409: ['IDEMPOTENCY_CONFLICT'] };
const IDEMPOTENT =
  'Accepts an Idempotency-Key header: a retry with the same key and body within 24 h returns the first ' +
  'response; the same key with another body is 409 IDEMPOTENCY_CONFLICT (docs/resilience.md).';

/** Words for the operations whose routes do not carry them, by `METHOD /path` (paths as in the document). */
export const OPERATION_DOCS: Record<string, OperationDoc> = {
  'POST /sscs/vendors': {
    summary: 'Create a vendor',
    description:
      'Adds a vendor (name, type, risk tier 1–3, assessment status); the change is audited. ' + IDEMPOTENT,
    errors: CONFLICT,
  },
  'GET /sscs/assets': {
    summary: 'List assets',
    description:
      'Assets as records (docs/portfolio.md), by name: id, name and assetName, parentId, tags, classifier, active, ' +
      'retention, versions (its SBOMs, newest first), latestSbomId, the open findings and violations of the latest ' +
      'SBOM, and roll-ups over the asset and all its descendants. Default: active assets only; `active=true|false|all`; ' +
      '`q` (name contains) also lists inactive ones unless `active` says; `tag` keeps the assets carrying it.',
  },
  'POST /sscs/assets': {
    summary: 'Create an asset',
    description:
      'An asset without SBOMs yet (uploads create theirs by assetName): name (unique), parentId, tags, classifier, ' +
      'active, retention. An unknown parent, or a parent that is the asset or a descendant, is 400 naming parentId; ' +
      'a taken name is 409 CONFLICT. Audited.',
    errors: { 409: ['CONFLICT'] },
  },
  'GET /sscs/assets/{assetId}': {
    summary: 'Get an asset',
    description:
      'One asset with its versions, children, tags and roll-ups. Another organisation’s id is 404.',
    errors: NOT_FOUND,
  },
  'PATCH /sscs/assets/{assetId}': {
    summary: 'Update an asset',
    description:
      'Any of name (its SBOMs’ assetName follows), parentId (null: top level), tags (replaces them), classifier, ' +
      'active, retention (null: the organisation’s default). Audited.',
    errors: { 404: ['NOT_FOUND'], 409: ['CONFLICT'] },
  },
  'DELETE /sscs/assets/{assetId}': {
    summary: 'Delete an asset',
    description:
      'Deletes the asset and its SBOMs (each deletion audited as sbom.delete). An asset with child assets is 409 ' +
      'CONFLICT: move or delete the children first.',
    errors: { 404: ['NOT_FOUND'], 409: ['CONFLICT'] },
  },
  'POST /sscs/assets/retention/run': {
    summary: 'Apply retention now',
    description:
      'Runs the retention sweep of the organisation at once (it also runs hourly and after uploads): versions ' +
      'beyond keepVersions or older than maxAgeDays (never the newest) are deleted, assets without an upload for ' +
      'inactiveAfterDays are marked inactive. Sessions need the admin role.',
  },
  'GET /sscs/sboms/{sbomId}/diff': {
    summary: 'Compare two SBOMs',
    description:
      'The change from the SBOM named by `against` (the older) to this one: components added, removed and ' +
      'changed in version, findings introduced and findings resolved. Another organisation’s id is 404.',
    errors: NOT_FOUND,
  },
  'PUT /sscs/vendors/{vendorId}': {
    summary: 'Replace a vendor',
    description: 'Full replacement: optional fields left out are cleared. Another organisation’s id is 404.',
    errors: NOT_FOUND,
  },
  'POST /sscs/sboms/upload': {
    summary: 'Upload an SBOM',
    description:
      'multipart/form-data with the SBOM in the `file` part (CycloneDX JSON 1.2–1.7 or XML 1.0–1.7, SPDX JSON ' +
      '2.2/2.3, SPDX 2.3 tag-value, SPDX 3.0.1 JSON-LD; the file name decides, or the content when the name is ' +
      'missing or ambiguous: -, .json, .txt) and optional name, assetName and version fields. Stores the ' +
      'SBOM, its components and their findings in one transaction. Needs sbom:write (FORBIDDEN without it). ' +
      'A caller restricted by its teams gets 404 for an asset out of its reach and 403 FORBIDDEN for one its ' +
      'grants let it only view (docs/portfolio-access.md). Duplicate bom-refs are reported in meta.warnings. ' +
      IDEMPOTENT,
    errors: {
      400: ['PARSE_ERROR', 'UNSUPPORTED_FORMAT', 'MISSING_FILE'],
      409: ['IDEMPOTENCY_CONFLICT'],
      413: ['FILE_TOO_LARGE', 'PAYLOAD_TOO_LARGE', 'TOO_MANY_COMPONENTS', 'TOO_MANY_FINDINGS'],
    },
  },
  'POST /sscs/sboms': {
    summary: 'Register an SBOM without a file',
    description:
      'Creates an SBOM record from JSON (name, format, version, asset) with no components. ' + IDEMPOTENT,
    errors: CONFLICT,
  },
  'GET /sscs/sboms': {
    summary: 'List SBOMs',
    description: "The organisation's SBOMs, newest first, optionally filtered by `q` (name contains).",
  },
  'GET /sscs/sboms/{sbomId}': {
    summary: 'Get an SBOM',
    description: 'One SBOM record with its component and finding counts.',
    errors: NOT_FOUND,
  },
  'DELETE /sscs/sboms/{sbomId}': {
    summary: 'Delete an SBOM',
    description: 'Deletes the SBOM with its components and findings; the deletion is audited.',
    errors: NOT_FOUND,
  },
  'GET /sscs/sboms/{sbomId}/components': {
    summary: 'List components of an SBOM',
    description: 'The components in document order (nested components flattened depth-first).',
    errors: NOT_FOUND,
  },
  'GET /sscs/findings/summary': {
    summary: 'Open findings by severity',
    description: 'Counts of open, not retracted findings per severity, and their total.',
  },
  'GET /sscs/findings/packages': {
    summary: 'Packages with the most open findings',
    description:
      'The packages (name and version) with the most open, not retracted findings, most first (`limit` 1–100, ' +
      "default 10): the console overview's list, without downloading every finding.",
  },
  'GET /sscs/findings/trend': {
    summary: 'Open findings per day',
    description:
      'For each of the last `days` UTC days (1–365, default 90; today last): the findings open and not retracted ' +
      'at the end of that day, from their creation and status history. Unknown parameters: VALIDATION_FAILED.',
  },
  'GET /sscs/findings/{findingId}': {
    summary: 'Get a finding',
    description: 'One finding with the advisories that matched (and why) and its history.',
    errors: NOT_FOUND,
  },
  'PATCH /sscs/findings/{findingId}/status': {
    summary: 'Triage a finding',
    description:
      'Sets the status (any of the five) and optional remediation notes; kept in history and audited.',
    errors: NOT_FOUND,
  },
  'GET /vulndb/status': {
    summary: 'Vulnerability data freshness',
    description:
      'What `bulwark vulndb status --json` prints: advisories, last sync and last error per OSV ecosystem, KEV ' +
      'and EPSS entries with their catalog or score date, and the ecosystems of this organisation’s components ' +
      'for which no advisory is held. Needs sbom:read (any signed-in role).',
  },
  'GET /audit': {
    summary: 'Audit log',
    description:
      "The organisation's audit trail, newest first, with each actor's e-mail and name; filter by `actorId` and " +
      '`action` (exact), page with `limit` (1–200, default 50) and `offset`. Session only, admins.',
  },
  'POST /governance/evidence/collect': {
    summary: 'Collect evidence now',
    description:
      'Runs every evidence collector (vulnerability management, software inventory, supplier relationships, ' +
      'access rights) for this organisation and writes one evidence item per collector and Annex A control into ' +
      'the active ISO project: accepted with the figures, or rejected with the reasons and the offending ids ' +
      '(docs/compliance.md). Session only, admins.',
  },
  'GET /governance/evidence/settings': {
    summary: 'Vulnerability remediation SLAs',
    description:
      'Days an open CRITICAL or HIGH finding may stay open before the vulnerability management collector ' +
      'fails (defaults 15 and 30). Session only.',
  },
  'PUT /governance/evidence/settings': {
    summary: 'Set the vulnerability remediation SLAs',
    description:
      '`vulnerabilitySlaDays: {criticalDays, highDays}`, whole days 1–365, CRITICAL no longer than HIGH. ' +
      'Audited. Session only, admins.',
  },
  'GET /governance/soa/export': {
    summary: 'Statement of Applicability',
    description:
      'Every Annex A control of the project (`projectId`, default the active one) with its applicability, ' +
      'justification, implementation status, evidence coverage now and the evidence items behind it: ' +
      '`format=json` (default, the envelope) or `format=csv` (a file, one row per control). Needs mcp:read.',
    errors: NOT_FOUND,
  },
  'GET /session': {
    summary: 'Who is signed in',
    description: 'The signed-in person, their role and organisation (session cookie only; docs/sessions.md).',
  },
  'DELETE /session': {
    summary: 'Sign out',
    description: 'Ends the session and clears its cookie.',
  },
  'GET /tokens': {
    summary: 'List API tokens',
    description: "The organisation's API tokens (never their secrets). Session only, admins.",
  },
  'POST /tokens': {
    summary: 'Create an API token',
    description: 'The token belongs to the signed-in person; its secret appears only in this answer.',
  },
  'DELETE /tokens/{tokenId}': {
    summary: 'Revoke an API token',
    description: 'Revokes the token at once; it is kept, revoked, in the list. Session only, admins.',
    errors: NOT_FOUND,
  },
  'GET /users': {
    summary: 'List workspace users',
    description: "The organisation's users with their roles. Session only, admins.",
  },
  'POST /users': {
    summary: 'Add a workspace user',
    description: 'Creates a user with a role (and optionally a password). Session only, admins.',
  },
  'PATCH /users/{userId}': {
    summary: 'Change a workspace user',
    description: 'Name, password or role; anyone may change their own name and password, admins the rest.',
    errors: NOT_FOUND,
  },
  'DELETE /users/{userId}': {
    summary: 'Remove a workspace user',
    description:
      'Removes the user (never the last owner) with their sessions and API tokens. Session only, admins.',
    errors: NOT_FOUND,
  },
  'GET /org': {
    summary: 'Organisation settings',
    description: "The signed-in person's organisation: slug, name, plan and MCP write setting.",
  },
  'PATCH /org': {
    summary: 'Change organisation settings',
    description: 'Name and the MCP write setting (write tools). Session only, admins.',
  },
  'POST /mcp': {
    summary: 'MCP tool server (Streamable HTTP, stateless)',
    description:
      'JSON-RPC 2.0 over POST (initialize, tools/list, tools/call). Clients send ' +
      '`Accept: application/json, text/event-stream`. Answers are JSON-RPC messages, not the envelope: a ' +
      'malformed body is error -32700; tool failures are results with isError and a code. Needs mcp:read; ' +
      'write tools need mcp:write and the organisation’s MCP write setting. Other methods: 405. See docs/contract.md, Tool server.',
  },
};

/** Errors every authenticated operation may answer. */
const COMMON_ERRORS: Record<number, string[]> = {
  400: ['VALIDATION_FAILED', 'INVALID_REQUEST'],
  401: ['UNAUTHORIZED', 'INVALID_TOKEN'],
  403: ['FORBIDDEN', 'INSUFFICIENT_SCOPE'],
  408: ['REQUEST_TIMEOUT'],
  429: ['RATE_LIMITED'],
  500: ['DB_ERROR', 'INTERNAL_ERROR'],
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Not authenticated',
  403: 'Not allowed',
  404: 'Not found (also for another organisation’s id)',
  408: 'Request body too slow',
  409: 'Conflict',
  413: 'Too large',
  429: 'Rate limit exceeded',
  500: 'Server or store failure',
  503: 'Not ready',
};

const errorResponse = (status: number, codes: string[]) => ({
  description: `${STATUS_TEXT[status] ?? 'Error'}. Codes: ${codes.join(', ')}.`,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

const ERROR_ENVELOPE = {
  type: 'object',
  required: ['data', 'error', 'meta'],
  properties: {
    data: { type: 'null' },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'Machine-readable code (docs/contract.md).' },
        message: { type: 'string' },
        details: {
          type: 'array',
          items: {
            type: 'object',
            required: ['path', 'message'],
            properties: { path: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
    meta: { type: 'null' },
  },
};

const UPLOAD_BODY = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: {
            type: 'string',
            format: 'binary',
            description:
              'The SBOM file: CycloneDX JSON or XML, SPDX 2 JSON or tag-value, SPDX 3 JSON-LD; the family from its ' +
              'name, or from its content when the name is not specific (.json, .txt, -).',
          },
          name: { type: 'string' },
          assetName: { type: 'string' },
          version: { type: 'string' },
        },
      },
    },
  },
};

const MCP_BODY = {
  required: true,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        description: 'A JSON-RPC 2.0 message, e.g. {"jsonrpc":"2.0","id":1,"method":"tools/list"}.',
        required: ['jsonrpc'],
        properties: {
          jsonrpc: { const: '2.0' },
          id: {},
          method: { type: 'string' },
          params: { type: 'object' },
        },
      },
    },
  },
};

/** The operational routes beside /api/v1 (unauthenticated, never rate limited). */
const ROOT = [{ url: '/' }];
const SYSTEM_PATHS = {
  '/healthz': {
    servers: ROOT,
    get: {
      tags: ['system'],
      operationId: 'getHealthz',
      summary: 'Liveness',
      description: 'Answers while the process serves requests; checks nothing else.',
      security: [],
      responses: { 200: { description: '`{"data":{"status":"ok"},"error":null,"meta":null}`' } },
    },
  },
  '/readyz': {
    servers: ROOT,
    get: {
      tags: ['system'],
      operationId: 'getReadyz',
      summary: 'Readiness',
      description:
        'Checks the store within 1.5 s (and Redis when configured: `degraded` while it is unreachable, rate ' +
        'limits then per instance).',
      security: [],
      responses: {
        200: { description: 'Ready or degraded: `status`, `store`, and `redis` when configured.' },
        503: errorResponse(503, ['DB_ERROR']),
      },
    },
  },
  '/metrics': {
    servers: ROOT,
    get: {
      tags: ['system'],
      operationId: 'getMetrics',
      summary: 'Prometheus metrics',
      description:
        'Request counts and latencies by route and status, and the process metrics, in text format.',
      security: [],
      responses: {
        200: { description: 'Prometheus text exposition format.', content: { 'text/plain': {} } },
      },
    },
  },
};

const REF = /"#\/components\/schemas\/([^"]+)"/g;

/**
 * The named schemas something refers to (from the paths, then from those schemas): the schema registry also
 * yields an input variant of each (`FindingInput`), which no request body uses.
 */
function referencedSchemas(paths: Json, schemas: Json): Json {
  const kept = new Set<string>();
  let pending = [...JSON.stringify(paths).matchAll(REF)].map((m) => m[1]!);
  while (pending.length > 0) {
    const next = pending.filter((name) => !kept.has(name) && name in schemas);
    for (const name of next) kept.add(name);
    pending = next.flatMap((name) => [...JSON.stringify(schemas[name]).matchAll(REF)].map((m) => m[1]!));
  }
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => kept.has(name)));
}

/** Completes the generated document (see the module comment); a missing operation doc is left for the test. */
export function completeOpenApi(openapiObject: Json): Json {
  const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      (operation as Json).operationId ??= operationIdOf(method, path);
      const doc = OPERATION_DOCS[`${method.toUpperCase()} ${path}`];
      if (doc) {
        operation.summary ??= doc.summary;
        operation.description ??= doc.description;
      }
      const responses = (operation.responses ?? {}) as Record<string, unknown>;
      const errors: Record<number, string[]> = { ...COMMON_ERRORS };
      for (const [status, codes] of Object.entries(doc?.errors ?? {}))
        errors[Number(status)] = [...new Set([...(errors[Number(status)] ?? []), ...codes])];
      if (path === '/mcp') {
        // JSON-RPC answers; only the pipeline's own refusals use the envelope.
        for (const status of [400, 404, 408]) delete errors[status];
      }
      for (const [status, codes] of Object.entries(errors))
        responses[status] ??= errorResponse(Number(status), codes);
      operation.responses = responses;
    }
  }
  const upload = paths['/sscs/sboms/upload']?.post;
  if (upload) upload.requestBody = UPLOAD_BODY;
  const mcp = paths['/mcp']?.post;
  if (mcp) mcp.requestBody = MCP_BODY;
  const scan = paths['/sscs/scan']?.post;
  if (scan) scan.requestBody = SCAN_BODY;
  const vex = paths['/sscs/vex']?.post;
  if (vex) vex.requestBody = VEX_BODY;
  const exported = paths['/sscs/sboms/{sbomId}/export']?.get;
  if (exported) (exported.responses as Record<string, unknown>)['200'] = EXPORT_FILE;
  const components = (openapiObject.components ?? {}) as Json;
  return {
    ...openapiObject,
    info: { ...(openapiObject.info as Json), version: VERSION },
    paths: { ...paths, ...SYSTEM_PATHS },
    components: {
      ...components,
      schemas: {
        ...referencedSchemas(paths, (components.schemas ?? {}) as Json),
        ErrorEnvelope: ERROR_ENVELOPE,
      },
    },
  };
}
