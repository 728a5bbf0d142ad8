/** Findings: matching an uploaded SBOM's components, listing, detail with history, triage; re-matching is in rematch.ts. */
import { requireWritable } from '../portfolio/asset-reach.ts';
import { assetScopeOf, sbomOfAssets } from '../portfolio/asset-scope.ts';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { SYSTEM_ACTOR } from '../audit/audit.repository.ts';
import type { Database } from '../db/database.ts';
import { fromJson } from '../db/helpers.ts';
import { singleRow } from '../db/single-rows.ts';
import {
  reachConditions,
  reachedSbomConditions,
  reachedSbomIds,
  type ReachScope,
} from '../db/reach-filter.ts';
import { notFound } from '../errors.ts';
import { recordDeferred } from '../events/deferred.ts';
import { nowIso } from '../shared/time.ts';
import { turnTaker } from '../shared/turns.ts';
import { openTrend, type TrendPoint } from './finding-trend.ts';
import type { MatchedBatch, SbomFindingsHooks } from '../sboms/component-matcher.ts';
import { assetsOfSboms } from '../sboms/sbom.repository.ts';
import type { Principal } from '../tenancy/principal.ts';
import {
  affectedBy,
  comparatorFor,
  loadCandidates,
  type MatchRange,
  type MatchReason,
  type PackageRef,
  type SeverityLevel,
  type SeveritySource,
} from '../vulndb/index.ts';
import { CandidateCache } from './candidate-cache.ts';
import { exploitConditions, signalsOf, type ExploitSignals } from './exploit-signals.ts';
import { resolveMatches, toCandidate, type MatchableComponent } from './finding-matching.ts';
import { matchedColumnsOnce, newFindingRow } from './finding-rows.ts';
import { decodeCursor, FINDING_SORTS, pageOf, queryFilter } from './finding-query.ts';
import { newestInSboms, probesPay } from './sparse-page.ts';
import * as repo from './finding.repository.ts';
import type { FindingHistoryRow } from './finding.table.ts';
import { detailsOf, type AdvisoryDetails } from './matcher.ts';
import { rematchPackages, type RematchResult } from './rematch.ts';
import { analysisOf, type Analysis, type Justification, type Response } from './triage/analysis.ts';
import { recordStatusChanges } from './triage/status-changes.ts';
import { triageNewFindings } from './triage/rules-at-creation.ts';

export type { RematchResult };

export const FINDING_STATUSES = ['open', 'mitigated', 'accepted_risk', 'false_positive', 'fixed'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];

export interface Finding {
  id: string;
  sbomId: string;
  componentId: string;
  component: { name: string; version: string | null; purl: string | null };
  vulnerabilityId: string;
  aliases: string[];
  summary: string | null;
  severity: SeverityLevel;
  severitySource: SeveritySource;
  cvssScore: number | null;
  cvssVector: string | null;
  fixedVersions: string[];
  references: { type: string; url: string }[];
  status: FindingStatus;
  remediationNotes: string | null;
  /** VEX analysis (docs/triage-rules.md), null when unset. */
  justification: Justification | null;
  response: Response[] | null;
  detail: string | null;
  /** The triage rule that set the status, while nobody else has changed it since. */
  triageRuleId: string | null;
  createdAt: string;
  updatedAt: string;
  statusChangedAt: string;
  /** CISA KEV entry of the vulnerability id or any alias, else null. */
  kev: ExploitSignals['kev'];
  /** Highest EPSS score among the vulnerability id and its aliases, else null. */
  epss: ExploitSignals['epss'];
  /** The component is a dependency of the SBOM's subject; null when the SBOM has no dependency graph. */
  direct: boolean | null;
  /** Up to five shortest paths (purls) from a direct dependency to the component; [] without a graph. */
  paths: string[][];
}

/** Where each finding's component sits in its SBOM's dependency graph (remediation/ implements it). */
export interface FindingPlaces {
  placesOf(
    orgId: string,
    refs: readonly { sbomId: string; componentId: string }[],
  ): Promise<Map<string, { direct: boolean | null; paths: string[][] }>>;
}

const NO_PLACE = { direct: null, paths: [] };

/**
 * The findings list's query (docs/vulndb-sync.md for kev, epssMin and the priority order; docs/pipeline.md for
 * the severity list, vulnerabilityId, q, the other sorts and limit + cursor paging).
 */
export interface FindingListFilter {
  status?: FindingStatus;
  /** One severity or a comma list. */
  severity?: string | undefined;
  sbomId?: string | undefined;
  vulnerabilityId?: string | undefined;
  q?: string | undefined;
  kev?: boolean | undefined;
  epssMin?: number | undefined;
  /** Findings whose current triage this rule set. */
  triageRuleId?: string | undefined;
  sort?: string | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
  /** An asset's SBOMs (every version), or those of the assets carrying a tag and their descendants. */
  assetId?: string | undefined;
  tag?: string | undefined;
  /** What `assetId` and `tag` resolve to (the service sets it). */
  assetScope?: { orgId: string; assetIds: string[] } | undefined;
}

/**
 * Rows per page when the list is streamed whole. Findings are the widest rows (advisory details, exploit
 * signals): a page of 1,000 held the event loop 55 ms on a quiet machine and over 100 ms under load; 500 keep
 * each page well inside the ~100 ms a request may hold it (docs/resilience.md).
 */
const STREAM_PAGE = 500;

export const HISTORY_EVENTS = ['created', 'status_change', 'retracted', 'reinstated'] as const;

export interface FindingHistoryEntry {
  event: (typeof HISTORY_EVENTS)[number];
  fromStatus: string | null;
  toStatus: string | null;
  notes: string | null;
  actorId: string;
  at: string;
  justification: Justification | null;
  response: Response[] | null;
  detail: string | null;
  /** The triage rule that made the change, if one did. */
  ruleId: string | null;
}

export interface FindingDetail extends Finding {
  /** Which advisory matched the component version, and through which range and event. */
  matchedBy: { advisoryId: string; reason: MatchReason }[];
  retractedAt: string | null;
  history: FindingHistoryEntry[];
}

const toFinding = (
  row: repo.FindingWithComponent,
  details: ReadonlyMap<string, AdvisoryDetails>,
): Omit<Finding, keyof ExploitSignals | 'direct' | 'paths'> => ({
  id: row.id,
  sbomId: row.sbom_id,
  componentId: row.component_id,
  component: { name: row.component_name, version: row.component_version, purl: row.component_purl },
  vulnerabilityId: row.vulnerability_id,
  aliases: fromJson<string[]>(row.aliases, []),
  ...detailsOf(fromJson<string[]>(row.advisory_ids, []), details),
  severity: row.severity as SeverityLevel,
  severitySource: row.severity_source as SeveritySource,
  cvssScore: row.cvss_score === null ? null : Number(row.cvss_score),
  cvssVector: row.cvss_vector,
  fixedVersions: fromJson<string[]>(row.fixed_versions, []),
  status: row.status as FindingStatus,
  remediationNotes: row.remediation_notes,
  ...analysisOf(row),
  triageRuleId: row.triage_rule_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  statusChangedAt: row.status_changed_at,
});

const toHistory = (row: FindingHistoryRow): FindingHistoryEntry => ({
  event: row.event as FindingHistoryEntry['event'],
  fromStatus: row.from_status,
  toStatus: row.to_status,
  notes: row.notes,
  actorId: row.actor_id,
  at: row.at,
  ...analysisOf(row),
  ruleId: row.rule_id,
});

const OPEN_COUNTS = ['total', 'critical', 'high', 'medium', 'low', 'kev', 'epss'] as const;

/** The row of openCountsPart: summary()'s figures and the count of findings at or above the EPSS cut. */
export function openCounts(row: Record<(typeof OPEN_COUNTS)[number], unknown>) {
  const n = (v: unknown) => Number(v ?? 0);
  const summary = {
    CRITICAL: n(row.critical),
    HIGH: n(row.high),
    MEDIUM: n(row.medium),
    LOW: n(row.low),
    total: n(row.total),
    kev: n(row.kev),
  };
  return { summary, highEpss: n(row.epss) };
}

export class FindingService implements SbomFindingsHooks {
  readonly #db: Kysely<Database>;
  readonly #defaultSeverity: SeverityLevel;
  readonly #cache = new CandidateCache(toCandidate);
  readonly #places: FindingPlaces | undefined;

  constructor(
    db: Kysely<Database>,
    options: { defaultSeverity?: SeverityLevel; places?: FindingPlaces } = {},
  ) {
    this.#db = db;
    this.#defaultSeverity = options.defaultSeverity ?? 'MEDIUM';
    this.#places = options.places;
  }

  /**
   * The candidate advisories cached per package, for the scan and export services to share: one cache per
   * process, not one per service (each holds its candidates, severities and details apart).
   */
  get candidates(): CandidateCache {
    return this.#cache;
  }

  get #matchOptions() {
    return { cache: this.#cache, fallback: this.#defaultSeverity };
  }

  /**
   * Upload hook: findings of a batch of a new SBOM's components, matched through `db` outside any transaction and
   * kept until the upload's last transaction stores them (docs/upload-fairness.md). Triage rules apply then, once
   * the SBOM's asset is final, and before the rows are written, so no event ever tells them as open.
   */
  async matchComponents(
    db: Kysely<Database>,
    orgId: string,
    sbomId: string,
    components: MatchableComponent[],
    maxFindings?: number,
  ): Promise<MatchedBatch> {
    const { matches } = await resolveMatches(db, components, {
      ...this.#matchOptions,
      ...(maxFindings === undefined ? {} : { maxMatches: maxFindings }),
    });
    const now = nowIso();
    const rows: repo.NewFindingRow[] = [];
    // Only the components with findings are kept for the triage rules: the rest of the batch can go.
    const matched = new Map<string, MatchableComponent>();
    // Most batches match nothing (an advisory database of other ecosystems): no map of their components then.
    const byId = new Map(matches.size === 0 ? [] : components.map((c) => [c.id, c]));
    const turn = turnTaker();
    const columnsOf = matchedColumnsOnce();
    for (const [componentId, vulnerabilities] of matches) {
      await turn();
      matched.set(componentId, byId.get(componentId)!);
      for (const v of vulnerabilities)
        rows.push(newFindingRow(orgId, sbomId, componentId, v, now, columnsOf(v)));
    }
    return {
      count: rows.length,
      async store(trx) {
        const ruled = await triageNewFindings(trx, orgId, sbomId, rows, (id) => matched.get(id));
        // Creation is not written to the history table: the finding's created_at is that entry (see get()).
        await repo.insertFindings(trx, rows, ruled);
      },
    };
  }

  /** Upload hook, after the last batch. */
  async matchedAll(trx: Kysely<Database>, orgId: string, sbomId: string, created: number): Promise<void> {
    // One pending row rather than an event per finding: the events are derived after the commit, so an
    // upload with webhooks costs about what one without does (docs/events.md, "Deferred events").
    if (created > 0) await recordDeferred(trx, orgId, 'upload.findings', sbomId, nowIso());
  }

  async countBySbom(db: Kysely<Database>, orgId: string, sbomIds: string[]): Promise<Map<string, number>> {
    return repo.countBySbom(db, orgId, sbomIds);
  }

  deleteFindingsOfSbom(db: Kysely<Database>, orgId: string, sbomId: string, limit: number): Promise<number> {
    return repo.deleteFindingsOfSbom(db, orgId, sbomId, limit);
  }

  /**
   * After an import: re-evaluates the components of the changed packages in every organisation and
   * reconciles their findings (see rematch.ts).
   */
  rematchPackages(packages: PackageRef[]): Promise<RematchResult> {
    return rematchPackages(this.#db, packages, this.#matchOptions);
  }

  /** `assetId` and `tag` as the asset ids they mean (once: the pages of a list share the result). */
  async #scoped(orgId: string, filter: FindingListFilter): Promise<FindingListFilter> {
    const { assetId, tag, ...rest } = filter;
    if (assetId === undefined && tag === undefined) return rest;
    const assetIds = (await assetScopeOf(this.#db, orgId, { assetId, tag }))!;
    return { ...rest, assetScope: { orgId, assetIds } };
  }

  /**
   * One page of the list (`limit` given) and the cursor of the next, null on the last. Findings of the scope's
   * reach (docs/portfolio-access.md): a Principal, or `wholeOrg(orgId)`.
   */
  async listPage(
    scope: ReachScope,
    unscoped: FindingListFilter & { limit: number },
  ): Promise<{ findings: Finding[]; nextCursor: string | null }> {
    return (await this.#page(scope, unscoped)).page;
  }

  /**
   * `listPage` and, on the first page only (no cursor), how many findings the filters match over all pages (the
   * REST list's `meta.total`): counting is a pass over every matching index entry (36 ms at 100,000 findings on
   * SQLite, bench/portfolio), which a client paging on should not pay again on every page.
   */
  async listPageWithTotal(
    scope: ReachScope,
    unscoped: FindingListFilter & { limit: number },
  ): Promise<{ findings: Finding[]; nextCursor: string | null; total: number | null }> {
    const { page, count } = await this.#page(scope, unscoped);
    return { ...page, total: unscoped.cursor === undefined ? await count() : null };
  }

  async #page(scope: ReachScope, unscoped: FindingListFilter & { limit: number }) {
    const { orgId } = scope;
    const { filter, signals, exploit, sbomIds } = await this.#listQuery(
      scope,
      await this.#scoped(orgId, unscoped),
    );
    const reached = reachedSbomConditions(this.#db, sbomIds);
    // A restricted member's newest-first page may be cheaper taken SBOM by SBOM; the total counts the reach.
    const pageReach = probesPay({ ...filter, ...signals }, sbomIds)
      ? this.#newestInReach(sbomIds!, filter.status, filter.cursor, filter.limit! + 1)
      : reached;
    const { rows, nextCursor } = pageOf(
      await repo.listFindings(this.#db, orgId, filter, [...exploit, ...pageReach]),
      filter,
    );
    return {
      page: { findings: await this.#toFindings(orgId, rows), nextCursor },
      count: () => repo.countFindings(this.#db, orgId, filter, [...exploit, ...reached]),
    };
  }

  /** The repository's filter, the KEV and EPSS filters as conditions, and the SBOMs in reach of a scoped filter. */
  async #listQuery(scope: ReachScope, scoped: FindingListFilter) {
    const { kev, epssMin, ...rest } = scoped;
    return {
      filter: queryFilter(rest),
      signals: { kev, epssMin },
      exploit: exploitConditions(this.#db, { kev, epssMin }),
      sbomIds: await reachedSbomIds(this.#db, scope),
    };
  }

  /** The page's ids taken SBOM by SBOM (findings/sparse-page.ts), as the list's condition. */
  #newestInReach(
    sbomIds: ReadonlySet<string>,
    status: string,
    cursor: string | undefined,
    take: number,
  ): RawBuilder<SqlBool>[] {
    // Only the default order is probed: its cursor holds the id alone as its key.
    const before = cursor === undefined ? undefined : decodeCursor(cursor, 1).id;
    return [newestInSboms(this.#db, 'f.id', sbomIds, status, before, take)];
  }

  async #toFindings(orgId: string, rows: repo.FindingWithComponent[]): Promise<Finding[]> {
    const details = await this.#cache.details(this.#db, [
      ...new Set(rows.flatMap((r) => fromJson<string[]>(r.advisory_ids, []))),
    ]);
    return this.#withSignals(
      orgId,
      rows.map((row) => toFinding(row, details)),
    );
  }

  /** Open findings whose EPSS score (any id) is at least `min` (posture_summary's `highEpss`, min 0.1). */
  async countOpenWithEpss(scope: ReachScope, min: number): Promise<number> {
    return repo.countOpen(this.#db, scope.orgId, [
      ...exploitConditions(this.#db, { epssMin: min }),
      ...reachConditions(this.#db, scope),
    ]);
  }

  /**
   * summary() of the whole reach and countOpenWithEpss(scope, min) as one single-row select, for a caller that
   * reads it with its own counts in one statement (posture_summary: db/single-rows.ts); openCounts() reads its row.
   */
  openCountsPart(scope: ReachScope, min: number) {
    const [kev] = exploitConditions(this.#db, { kev: true });
    const [epss] = exploitConditions(this.#db, { epssMin: min });
    return singleRow(
      repo.openCountsRow(scope.orgId, reachConditions(this.#db, scope), kev!, epss!),
      ...OPEN_COUNTS,
    );
  }

  async #withSignals<
    T extends { vulnerabilityId: string; aliases: string[]; sbomId: string; componentId: string },
  >(orgId: string, findings: T[]): Promise<(T & ExploitSignals & Pick<Finding, 'direct' | 'paths'>)[]> {
    const signals = await signalsOf(this.#db, findings);
    // The paths come from the SBOM's graph, read on demand and cached (docs/remediation.md, "Paths").
    const places = await this.#places?.placesOf(orgId, findings);
    return findings.map((f, i) => ({ ...f, ...signals[i]!, ...(places?.get(f.componentId) ?? NO_PLACE) }));
  }

  /** The whole list a page at a time (docs/resilience.md), through the list's own keyset cursor. */
  pages(scope: ReachScope, unscoped: FindingListFilter): AsyncGenerator<Finding[]> {
    // Resolved before the first page: an unknown assetId is answered 404 before anything is sent.
    const scoping = this.#scoped(scope.orgId, unscoped);
    if (unscoped.sort !== undefined && FINDING_SORTS[unscoped.sort]?.computed)
      return this.#computedOrderPages(scope, scoping);
    const page = async (cursor: string | undefined) =>
      this.listPage(scope, { ...(await scoping), limit: STREAM_PAGE, cursor });
    return (async function* () {
      let cursor: string | undefined;
      do {
        const next = await page(cursor);
        yield next.findings;
        cursor = next.nextCursor ?? undefined;
      } while (cursor);
    })();
  }

  /**
   * An order computed per row (priority, EPSS) read in one query, then shaped a page at a time: page after page
   * through the cursor would evaluate the KEV and EPSS lookups of every finding again for each page.
   */
  async *#computedOrderPages(
    scope: ReachScope,
    scoping: Promise<FindingListFilter>,
  ): AsyncGenerator<Finding[]> {
    const { orgId } = scope;
    const { filter, exploit, sbomIds } = await this.#listQuery(scope, await scoping);
    const reached = reachedSbomConditions(this.#db, sbomIds);
    const rows = await repo.listFindings(this.#db, orgId, filter, [...exploit, ...reached]);
    let start = 0;
    do {
      yield await this.#toFindings(orgId, rows.slice(start, start + STREAM_PAGE));
      start += STREAM_PAGE;
    } while (start < rows.length);
  }

  /**
   * Open findings by severity (and in KEV): the organisation's, one SBOM's, or an asset's (its latest SBOM only,
   * so re-uploads are not counted twice). An unknown SBOM or asset is 404.
   */
  /** The packages with the most open findings (`GET /sscs/findings/packages`), most first. */
  topPackages(
    scope: ReachScope,
    limit: number,
  ): Promise<{ name: string; version: string | null; open: number }[]> {
    return repo.topOpenPackages(this.#db, scope.orgId, limit, reachConditions(this.#db, scope));
  }

  /** Counts only what the scope reaches (DT #2323); an SBOM or asset out of reach is 404 like an unknown one. */
  async summary(
    who: ReachScope,
    scope: {
      sbomId?: string | undefined;
      assetName?: string | undefined;
      assetId?: string | undefined;
      tag?: string | undefined;
    } = {},
  ): Promise<Record<'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW' | 'total' | 'kev', number>> {
    const { orgId } = who;
    const inReach = reachConditions(this.#db, who);
    const sbomReach = reachConditions(this.#db, who, 's.id');
    const out = { CRITICAL: 0, HIGH: 0, MEDIUM: 0, LOW: 0, total: 0, kev: 0 };
    const sbomIds: string[] = [];
    if (scope.sbomId) {
      if (!(await repo.sbomExists(this.#db, orgId, scope.sbomId, sbomReach)))
        throw notFound('SBOM', scope.sbomId);
      sbomIds.push(scope.sbomId);
    }
    if (scope.assetName) {
      const latest = await repo.latestSbomIdOfAsset(this.#db, orgId, scope.assetName, sbomReach);
      if (!latest) throw notFound('Asset', scope.assetName);
      sbomIds.push(latest);
    }
    if (scope.assetId) {
      await assetScopeOf(this.#db, orgId, { assetId: scope.assetId });
      const latest = await repo.latestSbomIdOfAssetId(this.#db, orgId, scope.assetId);
      // An asset without SBOMs has no findings.
      if (!latest) return out;
      sbomIds.push(latest);
    }
    // Several given and naming different SBOMs: nothing is in all of them.
    if (new Set(sbomIds).size > 1) return out;
    const sbomId = sbomIds[0];
    const tagged =
      scope.tag === undefined ? undefined : await assetScopeOf(this.#db, orgId, { tag: scope.tag });
    const conditions = [
      ...(sbomId ? [sql<SqlBool>`f.sbom_id = ${sbomId}`] : []),
      ...(tagged ? [sbomOfAssets('f.sbom_id', orgId, tagged)] : []),
      ...inReach,
    ];
    for (const { severity, n } of await repo.countOpenBySeverity(this.#db, orgId, conditions)) {
      if (severity in out) out[severity as 'LOW'] += n;
      out.total += n;
    }
    out.kev = await repo.countOpen(this.#db, orgId, [
      ...exploitConditions(this.#db, { kev: true }),
      ...conditions,
    ]);
    return out;
  }

  /** Open findings per UTC day over the last `days` days, today last (docs/console.md, Overview). */
  async trend(
    scope: ReachScope,
    days: number,
    now = new Date(),
  ): Promise<{ days: number; points: TrendPoint[] }> {
    const conditions = reachConditions(this.#db, scope);
    return { days, points: await openTrend(this.#db, scope.orgId, days, now, conditions) };
  }

  /** Out of the scope's reach is 404, exactly like another organisation's id. */
  async get(scope: ReachScope, id: string): Promise<FindingDetail> {
    const { orgId } = scope;
    const row = await repo.findFinding(this.#db, orgId, id, reachConditions(this.#db, scope));
    if (!row) throw notFound('Finding', id);
    const history = await repo.historyOf(this.#db, orgId, id);
    const advisoryIds = fromJson<string[]>(row.advisory_ids, []);
    const [finding] = await this.#withSignals(orgId, [
      toFinding(row, await this.#cache.details(this.#db, advisoryIds)),
    ]);
    return {
      ...finding!,
      matchedBy: await this.#matchedBy(row, advisoryIds),
      retractedAt: row.retracted_at,
      // The first entry is the creation, told by the row itself (not stored twice).
      history: [
        {
          event: 'created',
          fromStatus: null,
          toStatus: 'open',
          notes: null,
          actorId: SYSTEM_ACTOR,
          at: row.created_at,
          justification: null,
          response: null,
          detail: null,
          ruleId: null,
        },
        ...history.map(toHistory),
      ],
    };
  }

  /** Why the component version matches each advisory now (evaluated again: cheap for one finding). */
  async #matchedBy(
    row: repo.FindingWithComponent,
    advisoryIds: string[],
  ): Promise<{ advisoryId: string; reason: MatchReason }[]> {
    const {
      component_ecosystem: ecosystem,
      component_package_key: packageKey,
      component_version: version,
    } = row;
    const compare = ecosystem ? comparatorFor(ecosystem) : undefined;
    if (!ecosystem || !packageKey || !version || !compare) return [];
    const out: { advisoryId: string; reason: MatchReason }[] = [];
    for (const candidate of await loadCandidates(this.#db, [{ ecosystem, packageKey }])) {
      if (!advisoryIds.includes(candidate.advisory_id) || candidate.withdrawn !== null) continue;
      const reason = affectedBy(
        {
          ranges: fromJson<MatchRange[]>(candidate.ranges, []),
          versions: fromJson<string[]>(candidate.versions, []),
        },
        version,
        compare,
      );
      if (reason) out.push({ advisoryId: candidate.advisory_id, reason });
    }
    return out.sort((a, b) => advisoryIds.indexOf(a.advisoryId) - advisoryIds.indexOf(b.advisoryId));
  }

  /**
   * Triage: any status may move to any of the five; each change is kept in history and audited. Analysis fields
   * left out keep what is recorded, null clears them. A person's triage wins over triage rules from then on.
   */
  async updateStatus(principal: Principal, id: string, input: StatusInput): Promise<FindingDetail> {
    await this.#db.transaction().execute(async (trx) => {
      const row = await repo.findFinding(trx, principal.orgId, id, reachConditions(trx, principal));
      if (!row) throw notFound('Finding', id);
      const assetOf = await assetsOfSboms(trx, principal.orgId, [row.sbom_id]);
      requireWritable(principal, assetOf(row.sbom_id), `finding '${id}'`);
      const recorded = analysisOf(row);
      const analysis: Analysis = {
        justification: input.justification === undefined ? recorded.justification : input.justification,
        response: input.response === undefined ? recorded.response : input.response,
        detail: input.detail === undefined ? recorded.detail : input.detail,
      };
      await recordStatusChanges(
        trx,
        principal.orgId,
        { actorId: principal.userId, source: 'person', always: true },
        [
          {
            findingId: id,
            to: input.status,
            analysis,
            remediationNotes: input.remediationNotes,
            note: input.remediationNotes ?? null,
          },
        ],
      );
    });
    return this.get(principal, id);
  }
}

export interface StatusInput {
  status: FindingStatus;
  remediationNotes?: string | undefined;
  justification?: Justification | null | undefined;
  response?: Response[] | null | undefined;
  detail?: string | null | undefined;
}
