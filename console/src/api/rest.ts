// The REST API's shapes as the console reads them: names for the generated types (clients/typescript/openapi.ts,
// from the OpenAPI document by npm run generate), never copies of them: the document's named schemas where it
// has one, else an operation's answer by operationId. docs/console.md lists the endpoints used.
import type { components, operations } from '../../../clients/typescript/openapi.ts';

export type { components, paths } from '../../../clients/typescript/openapi.ts';

type Success<Op extends keyof operations> = operations[Op]['responses'] extends infer R
  ? R extends { 200: { content: { 'application/json': infer B } } }
    ? B
    : R extends { 201: { content: { 'application/json': infer B } } }
      ? B
      : never
  : never;

/** A schema the document names (components.schemas). */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The envelope's `data` of an operation's success answer, by operationId. */
export type Data<Op extends keyof operations> = Success<Op> extends { data: infer D } ? D : never;

/** The envelope's `meta` of an operation's success answer, by operationId. */
export type Meta<Op extends keyof operations> = Success<Op> extends { meta: infer M } ? M : never;

/** The JSON body an operation takes, by operationId. */
export type Body<Op extends keyof operations> = operations[Op]['requestBody'] extends
  { content: { 'application/json': infer B } } | undefined
  ? B
  : never;

/** The query parameters an operation takes, by operationId. */
export type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

export type Session = Data<'getSession'>;
export type Role = Session['user']['role'];

export type Summary = Data<'getSscsFindingsSummary'>;
export type SbomItem = Schema<'SbomListItem'>;
export type SbomRecord = Schema<'SbomRecord'>;
export type Component = Schema<'Component'>;

export type Finding = Schema<'Finding'>;
export type FindingDetail = Schema<'FindingDetail'>;
export type HistoryEntry = FindingDetail['history'][number];
export type Severity = Finding['severity'];
export type FindingStatus = Finding['status'];
export type Justification = NonNullable<Finding['justification']>;
export type VexResponse = NonNullable<Finding['response']>[number];
/** GET /sscs/findings/packages: the packages with the most open findings. */
export type TopPackage = Data<'getSscsFindingsPackages'>[number];
export type FindingTrend = Data<'getSscsFindingsTrend'>;
/** One upgrade of an SBOM's fix plan (GET /sscs/sboms/{id}/remediation). */
export type PlanItem = Data<'getSbomRemediation'>[number];

export type Vendor = Schema<'Vendor'>;
export type VendorRiskSummary = Schema<'VendorRiskSummary'>;

export type ApiToken = Data<'getTokens'>[number];
export type User = Data<'getUsers'>[number];
export type Org = Data<'getOrg'>;
export type Team = Data<'getTeams'>[number];
export type TeamGrant = Team['grants'][number];

export type AuditPage = Data<'getAudit'>;
export type AuditItem = AuditPage['items'][number];

/** GET /vulndb/status: what `bulwark vulndb status --json` prints. */
export type VulnDbStatus = Data<'getVulndbStatus'>;

/** GET /governance/soa/export: the Statement of Applicability with the evidence behind each control. */
export type Soa = Data<'getGovernanceSoaExport'>;
export type SoaControl = Soa['controls'][number];
/** POST /governance/evidence/collect: one run of the evidence collectors. */
export type CollectionRun = Data<'postGovernanceEvidenceCollect'>;

/** GET /sscs/assets: an asset with its versions and roll-ups (docs/portfolio.md). */
export type Asset = Schema<'Asset'>;
export type Retention = Asset['effectiveRetention'];
export type SeverityCounts = Asset['openFindings'];
export type ViolationCounts = Asset['openViolations'];
