// Exports of a stored SBOM's findings as files: CycloneDX 1.6 (SBOM + vulnerabilities), CycloneDX VEX, OpenVEX
// 0.2.0, SARIF 2.1.0 and CSV; SARIF and CSV stream page by page (docs/pipeline.md "Exports").
import { randomUUID } from 'node:crypto';
import { analysisOf } from '../findings/triage/analysis.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { fromJson } from '../db/helpers.ts';
import { AppError, notFound } from '../errors.ts';
import { findAsset, latestSbomOfAssetId } from '../portfolio/asset.repository.ts';
import { CandidateCache } from '../findings/candidate-cache.ts';
import { toCandidate } from '../findings/finding-matching.ts';
import type { FindingStatus } from '../findings/finding.service.ts';
import { detailsOf } from '../findings/matcher.ts';
import { stemOfSbomFileName } from '../sboms/file-names.ts';
import { violationsOfSbom } from '../policies/index.ts';
import { findSbom } from '../sboms/sbom.repository.ts';
import type { SbomRow } from '../sboms/sbom.table.ts';
import type { SeverityLevel, SeveritySource } from '../vulndb/index.ts';
import { csvChunks, violationsCsv } from './export/csv.ts';
import type { RefFinding } from './export/cyclonedx.ts';
import { openvexDocument } from './export/openvex.ts';
import { rulesOf, TOOL_VERSION } from './export/render.ts';
import { sarifChunks, type RuleSource } from './export/sarif.ts';
import { componentsOfSbom, findingsOfSbom, type FindingRowWithComponent } from './pipeline.repository.ts';
import { compareFindings, withUpgrades, type ReportFinding } from './report-model.ts';
import { RemediationService } from '../remediation/remediation.service.ts';
import { storedKev, type KevLookup } from './scan.service.ts';
import type { ReachScope } from '../db/reach-filter.ts';

export const EXPORT_FORMATS = [
  'cyclonedx',
  'cyclonedx-vex',
  'openvex',
  'sarif',
  'csv',
  'violations-csv',
] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportFile {
  contentType: string;
  fileName: string;
  body: string | AsyncIterable<string>;
}

const PAGE = 2_000;

const CONTENT: Record<ExportFormat, { type: string; suffix: string }> = {
  cyclonedx: { type: 'application/vnd.cyclonedx+json; version=1.6', suffix: '.cdx.json' },
  'cyclonedx-vex': { type: 'application/vnd.cyclonedx+json; version=1.6', suffix: '.vex.cdx.json' },
  openvex: { type: 'application/json', suffix: '.openvex.json' },
  sarif: { type: 'application/sarif+json', suffix: '.sarif' },
  csv: { type: 'text/csv; charset=utf-8', suffix: '.csv' },
  'violations-csv': { type: 'text/csv; charset=utf-8', suffix: '.violations.csv' },
};

/** A name safe for Content-Disposition: letters, digits, dot, dash, underscore. */
const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 100) || 'sbom';

export class ExportService {
  readonly #db: Kysely<Database>;
  readonly #cache: CandidateCache;
  readonly #kev: KevLookup;
  readonly #remediation: RemediationService;

  /** `candidates`: the process's candidate cache (FindingService.candidates); without it, one of its own. */
  constructor(
    db: Kysely<Database>,
    options: { kev?: KevLookup; candidates?: CandidateCache; remediation?: RemediationService } = {},
  ) {
    this.#db = db;
    this.#kev = options.kev ?? storedKev;
    this.#cache = options.candidates ?? new CandidateCache(toCandidate);
    this.#remediation = options.remediation ?? new RemediationService(db, { candidates: this.#cache });
  }

  /** The export of the asset's latest SBOM (docs/portfolio.md); an asset without SBOMs, or out of reach, is 404. */
  async exportAsset(scope: ReachScope, assetId: string, format: ExportFormat): Promise<ExportFile> {
    const { orgId } = scope;
    const asset = await findAsset(this.#db, orgId, assetId);
    if (!asset || (scope.reach !== null && !scope.reach.has(assetId))) throw notFound('Asset', assetId);
    const latest = await latestSbomOfAssetId(this.#db, orgId, assetId);
    if (!latest) throw new AppError('NOT_FOUND', 404, `Asset '${asset.name}' has no SBOM to export`);
    return this.export(scope, latest, format);
  }

  /** An SBOM outside the scope's reach (docs/portfolio-access.md) is 404, like an unknown one. */
  async export(scope: ReachScope, sbomId: string, format: ExportFormat): Promise<ExportFile> {
    const { orgId } = scope;
    const sbom = await findSbom(this.#db, orgId, sbomId, scope.reach);
    if (!sbom) throw notFound('SBOM', sbomId);
    // The stem of the name: an SBOM named after its file (x.bom.json) exports as x-1.cdx.json, not x.bom.json-1.cdx.json.
    const fileName = `${safe(stemOfSbomFileName(sbom.name))}${sbom.version ? `-${safe(sbom.version)}` : ''}${CONTENT[format].suffix}`;
    const file = (body: ExportFile['body']): ExportFile => ({
      contentType: CONTENT[format].type,
      fileName,
      body,
    });
    switch (format) {
      case 'sarif': {
        // Each result says its package's upgrade target (docs/remediation.md).
        const plan = await this.#remediation.plan(scope, sbomId);
        const pages = this.pages(orgId, sbomId);
        return file(
          sarifChunks(
            { artifact: sbom.name, toolVersion: TOOL_VERSION },
            await this.#rules(orgId, sbomId),
            (async function* () {
              for await (const page of pages) yield withUpgrades(page, plan);
            })(),
            // Violations after the findings: rule = the policy, level from the state (docs/policies.md).
            await violationsOfSbom(this.#db, orgId, sbomId),
          ),
        );
      }
      case 'csv':
        return file(csvChunks(this.pages(orgId, sbomId)));
      case 'violations-csv':
        return file(violationsCsv(await violationsOfSbom(this.#db, orgId, sbomId)));
      case 'openvex':
        return file(
          openvexDocument(
            `https://openvex.dev/docs/bulwark/${sbom.id}-${randomUUID()}`,
            await this.#all(orgId, sbomId),
          ),
        );
      case 'cyclonedx':
      case 'cyclonedx-vex':
        return file(await this.#cyclonedx(orgId, sbom, format === 'cyclonedx-vex'));
    }
  }

  /** The SBOM's findings as report findings, PAGE at a time in id order (one query per page, keyset). */
  async *pages(orgId: string, sbomId: string): AsyncGenerator<ReportFinding[]> {
    let afterId: string | null = null;
    for (;;) {
      const rows = await findingsOfSbom(this.#db, orgId, sbomId, { afterId, limit: PAGE });
      if (rows.length === 0) return;
      yield await this.#toReport(orgId, rows);
      afterId = rows[rows.length - 1]!.id;
      if (rows.length < PAGE) return;
    }
  }

  /** A first pass over the findings: one rule per vulnerability, most severe first. */
  async #rules(orgId: string, sbomId: string): Promise<RuleSource[]> {
    const rules = new Map<string, RuleSource>();
    for await (const page of this.pages(orgId, sbomId))
      for (const r of rulesOf(page)) if (!rules.has(r.vulnerabilityId)) rules.set(r.vulnerabilityId, r);
    return [...rules.values()].sort((a, b) => compareFindings(a as ReportFinding, b as ReportFinding));
  }

  async #all(orgId: string, sbomId: string): Promise<ReportFinding[]> {
    const out: ReportFinding[] = [];
    for await (const page of this.pages(orgId, sbomId)) out.push(...page);
    return out.sort(compareFindings);
  }

  async #cyclonedx(orgId: string, sbom: SbomRow, vexOnly: boolean): Promise<string> {
    // A full export keeps the dependency graph; a VEX document has no use for it.
    const graph = vexOnly ? undefined : await this.#remediation.graphOf(orgId, sbom.id);
    const components = (await componentsOfSbom(this.#db, orgId, sbom.id)).map((c) => ({
      bomRef: c.id,
      name: c.name,
      version: c.version,
      purl: c.purl,
      group: c.group_name,
      ...(graph ? { dependsOn: graph.dependsOnOf(c.id) } : {}),
    }));
    const findings: RefFinding[] = [];
    for await (const page of this.#rowPages(orgId, sbom.id)) {
      const report = await this.#toReport(orgId, page);
      page.forEach((row, i) => findings.push({ ...report[i]!, componentRef: row.component_id, ref: row.id }));
    }
    const subject = {
      name: sbom.name,
      version: sbom.version,
      ...(graph?.hasGraph ? { dependsOn: graph.directIds() } : {}),
    };
    // Loaded on the first CycloneDX export: the library is 110 modules that the server and the CLI need for nothing else.
    const { cyclonedxDocument } = await import('./export/cyclonedx.ts');
    return cyclonedxDocument(subject, components, findings, {
      vexOnly,
      serialNumber: `urn:uuid:${randomUUID()}`,
    });
  }

  async *#rowPages(orgId: string, sbomId: string): AsyncGenerator<FindingRowWithComponent[]> {
    let afterId: string | null = null;
    for (;;) {
      const rows = await findingsOfSbom(this.#db, orgId, sbomId, { afterId, limit: PAGE });
      if (rows.length === 0) return;
      yield rows;
      afterId = rows[rows.length - 1]!.id;
      if (rows.length < PAGE) return;
    }
  }

  async #toReport(orgId: string, rows: readonly FindingRowWithComponent[]): Promise<ReportFinding[]> {
    const advisoryIds = new Set<string>();
    const ids = new Set<string>();
    const parsed = rows.map((r) => {
      const advisories = fromJson<string[]>(r.advisory_ids, []);
      const aliases = fromJson<string[]>(r.aliases, []);
      for (const a of advisories) advisoryIds.add(a);
      ids.add(r.vulnerability_id);
      for (const a of aliases) ids.add(a);
      return { advisories, aliases };
    });
    const details = await this.#cache.details(this.#db, [...advisoryIds]);
    const kev = await this.#kev(this.#db, [...ids]);
    const places = await this.#remediation.placesOf(
      orgId,
      rows.map((r) => ({ sbomId: r.sbom_id, componentId: r.component_id })),
    );
    return rows.map((r, i) => ({
      ...(places.get(r.component_id) ?? { direct: null, paths: [] }),
      component: { name: r.name, version: r.version, purl: r.purl },
      vulnerabilityId: r.vulnerability_id,
      aliases: parsed[i]!.aliases,
      ...detailsOf(parsed[i]!.advisories, details),
      severity: r.severity as SeverityLevel,
      severitySource: r.severity_source as SeveritySource,
      cvssScore: r.cvss_score === null ? null : Number(r.cvss_score),
      cvssVector: r.cvss_vector,
      fixedVersions: fromJson<string[]>(r.fixed_versions, []),
      status: r.status as FindingStatus,
      remediationNotes: r.remediation_notes,
      ...analysisOf(r),
      kev: kev
        ? ([r.vulnerability_id, ...parsed[i]!.aliases].map((id) => kev.get(id)).find(Boolean) ?? null)
        : null,
    }));
  }
}
