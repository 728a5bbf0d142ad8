// Matches an SBOM file against the stored advisories without storing anything: the CI gate behind
// `bulwark scan` and POST /sscs/scan (docs/pipeline.md "Scan").
import { notFound } from '../errors.ts';
import { NO_ANALYSIS } from '../findings/triage/analysis.ts';
import type { CompiledRule } from '../findings/triage/rule-engine.ts';
import { ruleFor, rulesInForce } from '../findings/triage/rules-at-creation.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { CandidateCache } from '../findings/candidate-cache.ts';
import { resolveMatches, toCandidate } from '../findings/finding-matching.ts';
import { detailsOf } from '../findings/matcher.ts';
import type { MatchableComponent } from '../sboms/component-matcher.ts';
import { DEFAULT_SBOM_LIMITS, parseSbom, type SbomLimits } from '../sboms/parsers/parse-sbom.ts';
import type { ParsedComponent, SbomFormat } from '../sboms/sbom-model.ts';
import { evaluateScan, type ScanViolation, type ScannedComponent } from '../policies/index.ts';
import { exploitDataOf, type SeverityLevel } from '../vulndb/index.ts';
import { advisoriesPerEcosystem, latestSbomOfAsset } from './pipeline.repository.ts';
import {
  compareFindings,
  summarize,
  type KevInfo,
  type ReportFinding,
  type SeveritySummary,
} from './report-model.ts';
import { TriageMemory, type RecordedTriage } from './triage-memory.ts';
import {
  graphOfParsed,
  RemediationService,
  type PlanInput,
  type PlanItem,
} from '../remediation/remediation.service.ts';

export interface ScanResult {
  format: SbomFormat;
  specVersion: string;
  componentCount: number;
  findings: ScannedFinding[];
  summary: SeveritySummary;
  /** The upgrade plan of the open findings, when asked for (docs/remediation.md; findingIds are vulnerability ids). */
  remediation?: PlanItem[];
  /** The organisation's policies over the file (docs/policies.md); empty without an organisation. */
  violations: ScanViolation[];
}

/** A scan's finding always says how its component got in (null and [] without a graph). */
export type ScannedFinding = ReportFinding & Required<Pick<ReportFinding, 'direct' | 'paths'>>;

export interface Coverage {
  ecosystem: string;
  components: number;
  advisories: number;
}

/** KEV entries by vulnerability id or alias (the catalog the vulnerability database holds). */
export type KevLookup = (db: Kysely<Database>, ids: string[]) => Promise<Map<string, KevInfo>>;

export const storedKev: KevLookup = async (db, ids) => (await exploitDataOf(db, ids)).kev;

export interface ScanServiceOptions {
  defaultSeverity?: SeverityLevel;
  kev?: KevLookup;
  /** The upload's limits (MAX_COMPONENTS): a scan takes the same files as an upload. */
  limits?: SbomLimits;
  /** The process's candidate cache (FindingService.candidates); a service of its own gets its own. */
  candidates?: CandidateCache;
  remediation?: RemediationService;
}

export class ScanService {
  readonly #db: Kysely<Database>;
  readonly #cache: CandidateCache;
  readonly #fallback: SeverityLevel;
  readonly #kev: KevLookup;
  readonly #limits: SbomLimits;
  readonly #remediation: RemediationService;

  constructor(db: Kysely<Database>, options: ScanServiceOptions = {}) {
    this.#db = db;
    this.#fallback = options.defaultSeverity ?? 'MEDIUM';
    this.#kev = options.kev ?? storedKev;
    this.#limits = options.limits ?? DEFAULT_SBOM_LIMITS;
    this.#cache = options.candidates ?? new CandidateCache(toCandidate);
    this.#remediation = options.remediation ?? new RemediationService(db, { candidates: this.#cache });
  }

  /** Parses and matches a file; with an asset name, triage recorded on that asset's latest SBOM applies. */
  async scan(
    orgId: string | null,
    file: { fileName: string; bytes: Uint8Array },
    options: {
      assetName?: string | undefined;
      remediation?: boolean | undefined;
      /** The caller's reach (docs/portfolio-access.md): an asset outside it is 404. */
      reach?: ReadonlySet<string> | null;
    } = {},
  ): Promise<{ data: ScanResult; coverage: Coverage[] }> {
    const parsed = parseSbom(file.fileName, file.bytes, this.#limits);
    const components = parsed.components;
    const matchable: MatchableComponent[] = components.map((c, i) => ({
      id: String(i),
      ecosystem: c.ecosystem,
      packageKey: c.packageKey,
      name: c.name,
      version: c.version,
      purl: c.purl,
    }));
    const { matches } = await resolveMatches(this.#db, matchable, {
      cache: this.#cache,
      fallback: this.#fallback,
    });
    const advisoryIds = new Set<string>();
    const allIds = new Set<string>();
    for (const list of matches.values())
      for (const v of list) {
        for (const id of v.advisoryIds) advisoryIds.add(id);
        allIds.add(v.vulnerabilityId);
        for (const a of v.aliases) allIds.add(a);
      }
    const details = await this.#cache.details(this.#db, [...advisoryIds]);
    const kev = await this.#kev(this.#db, [...allIds]);
    const triage = await this.#triage(orgId, options.assetName, options.reach ?? null);
    const graph = graphOfParsed(components, parsed.metadataComponent?.dependsOn);
    const open: PlanInput[] = [];
    const scanned = new Map<number, ScannedComponent['vulns']>();
    // Triage rules in force apply as they would to the stored findings: a rule-triaged finding never fails a scan.
    const rules = orgId ? await rulesInForce(this.#db, orgId) : [];
    const assetName = options.assetName ?? parsed.metadataComponent?.name ?? file.fileName;
    const findings: ScannedFinding[] = [];
    for (const [index, list] of matches) {
      const component: ParsedComponent = components[Number(index)]!;
      const place = graph.placeOf(index);
      for (const v of list) {
        const ids = [v.vulnerabilityId, ...v.aliases];
        const recorded = ruledOrRecorded(
          triage?.lookup(component, ids),
          ruleFor(rules, {
            vulnerabilityId: v.vulnerabilityId,
            aliases: v.aliases,
            severity: v.severity.severity,
            severitySource: v.severity.source,
            cvssScore: v.severity.cvssScore,
            component,
            assetName,
          }),
        );
        if ((recorded?.status ?? 'open') === 'open')
          open.push({
            id: v.vulnerabilityId,
            componentId: index,
            severity: v.severity.severity,
            vulnerabilityId: v.vulnerabilityId,
            aliases: v.aliases,
            advisoryIds: v.advisoryIds,
            purl: component.purl,
            version: component.version,
            ecosystem: component.ecosystem,
            packageKey: component.packageKey,
          });
        findings.push({
          component: { name: component.name, version: component.version, purl: component.purl },
          vulnerabilityId: v.vulnerabilityId,
          aliases: v.aliases,
          ...detailsOf(v.advisoryIds, details),
          severity: v.severity.severity,
          severitySource: v.severity.source,
          cvssScore: v.severity.cvssScore,
          cvssVector: v.severity.cvssVector,
          fixedVersions: v.fixedVersions,
          status: recorded?.status ?? 'open',
          remediationNotes: recorded?.remediationNotes ?? null,
          ...(recorded?.analysis ?? NO_ANALYSIS),
          kev: ids.map((id) => kev.get(id)).find((k) => k !== undefined) ?? null,
          direct: place.direct,
          paths: place.paths,
        });
        const own = scanned.get(Number(index)) ?? [];
        own.push({
          vulnerabilityId: v.vulnerabilityId,
          aliases: v.aliases,
          severity: v.severity.severity,
          cvssScore: v.severity.cvssScore,
          kev: ids.some((id) => kev.has(id)),
          status: recorded?.status ?? 'open',
        });
        scanned.set(Number(index), own);
      }
    }
    findings.sort(compareFindings);
    return {
      data: {
        format: parsed.format,
        specVersion: parsed.specVersion,
        componentCount: components.length,
        findings,
        summary: summarize(findings),
        ...(options.remediation ? { remediation: await this.#remediation.planOfFindings(graph, open) } : {}),
        violations:
          orgId === null
            ? []
            : await evaluateScan(
                this.#db,
                orgId,
                options.assetName ?? null,
                components.map((component, i) => ({ component, vulns: scanned.get(i) ?? [] })),
              ),
      },
      coverage: await this.#coverage(components),
    };
  }

  async #triage(
    orgId: string | null,
    assetName: string | undefined,
    reach: ReadonlySet<string> | null,
  ): Promise<TriageMemory | undefined> {
    if (!orgId || !assetName) return undefined;
    const latest = await latestSbomOfAsset(this.#db, orgId, assetName);
    // A restricted caller names only assets it reaches: any other name (unknown or not theirs) is 404 alike.
    if (reach && (!latest || !reach.has(latest.asset_id))) throw notFound('Asset', assetName);
    return latest ? TriageMemory.ofSbom(this.#db, orgId, latest.id) : undefined;
  }

  /** Per ecosystem among the components: how many, and how many advisories the store holds for it. */
  async #coverage(components: readonly ParsedComponent[]): Promise<Coverage[]> {
    const counts = new Map<string, number>();
    for (const c of components) if (c.ecosystem) counts.set(c.ecosystem, (counts.get(c.ecosystem) ?? 0) + 1);
    const held = await advisoriesPerEcosystem(this.#db, [...counts.keys()]);
    return [...counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([ecosystem, n]) => ({ ecosystem, components: n, advisories: held.get(ecosystem) ?? 0 }));
  }
}

/** A person's (or VEX's, or carried) recorded triage wins over rules; a rule in force over a rule's old triage. */
function ruledOrRecorded(
  recorded: RecordedTriage | undefined,
  rule: CompiledRule | undefined,
): Pick<RecordedTriage, 'status' | 'remediationNotes' | 'analysis'> | undefined {
  if (recorded && recorded.source !== 'rule') return recorded;
  if (rule) return { status: rule.status, remediationNotes: null, analysis: rule.analysis };
  return recorded;
}
