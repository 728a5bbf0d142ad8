// Applies triage rules to findings: which rule wins for a finding (the highest priority, then the newest), the
// changes that brings, and the passes over an organisation's findings in bounded batches, each its own
// transaction, with a turn for other requests between them (docs/resilience.md: no hold over ~100 ms).
import { nextTurn as turn } from '../../shared/turns.ts';
import type { Kysely } from 'kysely';
import { SYSTEM_ACTOR } from '../../audit/audit.repository.ts';
import { dialectOf } from '../../db/connect.ts';
import type { Database } from '../../db/database.ts';
import { fromJson } from '../../db/helpers.ts';
import type { FindingStatus } from '../finding.service.ts';
import { analysisOf, sameAnalysis, type Analysis, type Justification, type Response } from './analysis.ts';
import {
  compileMatch,
  NO_TAGS,
  type AssetTags,
  type FindingTest,
  type MatchableFinding,
} from './rule-match.ts';
import {
  lockCandidatesIn,
  nextCandidatePage,
  ruleCandidates,
  type RuleCandidate,
} from './rule.repository.ts';
import type { TriageRuleRow } from './rule.table.ts';
import { recordStatusChanges, type StatusChange } from './status-changes.ts';

/**
 * Findings per batch. SQLite's writer holds the event loop for a whole batch: 2,000 held it 150–400 ms on the
 * loaded 2-core machine (bench/triage), 500 stays near the ~100 ms of docs/resilience.md.
 */
export const RULE_BATCH = 500;

/**
 * PostgreSQL: batches applied at once by one pass, each on its own pooled connection. A batch alternates between
 * this process (matching, building the rows) and its backend (reading, writing); two keep both cores busy
 * (BENCHMARKS.md "Triage rules"). SQLite has one writer: one at a time.
 */
export const RULE_LANES = 2;

export interface CompiledRule {
  id: string;
  name: string;
  priority: number;
  createdAt: string;
  status: FindingStatus;
  analysis: Analysis;
  test: FindingTest;
}

export function compileRule(row: TriageRuleRow, tagsOf: AssetTags = NO_TAGS): CompiledRule {
  return {
    id: row.id,
    name: row.name,
    priority: row.priority,
    createdAt: row.created_at,
    status: row.status as FindingStatus,
    analysis: {
      justification: row.justification as Justification | null,
      response: fromJson<Response[]>(row.response, []),
      detail: row.detail,
    },
    test: compileMatch(fromJson(row.match, {}), tagsOf),
  };
}

/** Highest priority first, then the newest (ids are time-ordered): the first that matches wins. */
export const byPrecedence = (rules: CompiledRule[]): CompiledRule[] =>
  [...rules].sort(
    (a, b) => b.priority - a.priority || b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
  );

export const winner = (ordered: readonly CompiledRule[], f: MatchableFinding) =>
  ordered.find((r) => r.test(f));

export const matchableOf = (c: RuleCandidate): MatchableFinding => ({
  vulnerabilityId: c.vulnerability_id,
  aliases: fromJson<string[]>(c.aliases, []),
  severity: c.severity,
  severitySource: c.severity_source,
  cvssScore: c.cvss_score === null ? null : Number(c.cvss_score),
  component: {
    name: c.component_name,
    version: c.component_version,
    purl: c.component_purl,
    ecosystem: c.component_ecosystem,
  },
  assetName: c.asset_name,
});

/**
 * The change the rules in force bring to a finding, or undefined. A finding no rule matches any more and that a
 * rule set goes back to open; `reasonOf` says why for the history ("expired", "deleted", "no longer matches").
 */
export function changeFor(
  ordered: readonly CompiledRule[],
  c: RuleCandidate,
  reasonOf: (ruleId: string) => string,
): StatusChange | undefined {
  const rule = winner(ordered, matchableOf(c));
  if (rule) {
    const same =
      c.triage_rule_id === rule.id && c.status === rule.status && sameAnalysis(analysisOf(c), rule.analysis);
    if (same) return undefined;
    return {
      findingId: c.id,
      to: rule.status,
      analysis: rule.analysis,
      note: `rule ${rule.id} (${rule.name})`,
      ruleId: rule.id,
    };
  }
  if (c.triage_source !== 'rule' || c.triage_rule_id === null) return undefined;
  return {
    findingId: c.id,
    to: 'open',
    analysis: { justification: null, response: null, detail: null },
    note: `rule ${c.triage_rule_id} ${reasonOf(c.triage_rule_id)}`,
    ruleId: c.triage_rule_id,
    reopen: true,
  };
}

export interface PassResult {
  /** Findings a rule triaged. */
  triaged: number;
  /** Findings that went back to open. */
  reopened: number;
}

/**
 * One pass over the organisation's findings rules may change (only those `onlyRuleId` set, when given),
 * applying `rules`. Each batch is a transaction of its own; between batches other requests get a turn.
 */
export async function applyRules(
  db: Kysely<Database>,
  orgId: string,
  rules: CompiledRule[],
  options: { onlyRuleId?: string; reasonOf?: (ruleId: string) => string; batch?: number } = {},
): Promise<PassResult> {
  const ordered = byPrecedence(rules);
  const reasonOf = options.reasonOf ?? (() => 'no longer matches');
  const limit = options.batch ?? RULE_BATCH;
  const result: PassResult = { triaged: 0, reopened: 0 };
  const applyPage = async (trx: Kysely<Database>, rows: RuleCandidate[]) => {
    const changes = rows.flatMap((c) => changeFor(ordered, c, reasonOf) ?? []);
    const { changed } = await recordStatusChanges(
      trx,
      orgId,
      { actorId: SYSTEM_ACTOR, source: 'rule' },
      changes,
      // The page was read (and on PostgreSQL locked) in this transaction: no second read of the same rows.
      { current: new Map(rows.map((r) => [r.id, r])) },
    );
    const byId = new Map(changes.map((c) => [c.findingId, c]));
    for (const row of changed) {
      if (byId.get(row.id)?.reopen) result.reopened++;
      else result.triaged++;
    }
  };
  if (dialectOf(db) === 'postgres') {
    await inLanes(db, orgId, { limit, ruleId: options.onlyRuleId }, applyPage);
    return result;
  }
  let afterId = '';
  for (;;) {
    const page = await db.transaction().execute(async (trx) => {
      const rows = await ruleCandidates(trx, orgId, { afterId, limit, ruleId: options.onlyRuleId });
      await applyPage(trx, rows);
      return rows;
    });
    if (page.length < limit) return result;
    afterId = page[page.length - 1]!.id;
    await turn();
  }
}

/**
 * PostgreSQL: the pass's pages, in id order, handed out one at a time to RULE_LANES loops; each applies its page
 * in a transaction of its own that locks the page's rows (`lockCandidatesIn`). Pages are disjoint, so a pass never
 * writes a finding twice; across instances the row locks, taken in id order, serialise overlapping pages without
 * deadlock, and a page that waited reads what the other wrote.
 */
async function inLanes(
  db: Kysely<Database>,
  orgId: string,
  options: { limit: number; ruleId: string | undefined },
  applyPage: (trx: Kysely<Database>, rows: RuleCandidate[]) => Promise<void>,
): Promise<void> {
  let afterId = '';
  let done = false;
  let reading: Promise<unknown> = Promise.resolve();
  // One reader of the cursor at a time: each call waits for the previous page's bounds.
  const nextPage = (): Promise<string[] | undefined> => {
    const next = reading.then(async () => {
      if (done) return undefined;
      const { ids, more } = await nextCandidatePage(db, orgId, { afterId, ...options });
      if (!more) done = true;
      if (ids.length === 0) return undefined;
      afterId = ids[ids.length - 1]!;
      return ids;
    });
    reading = next.catch(() => undefined);
    return next;
  };
  const lane = async () => {
    for (let ids = await nextPage(); ids; ids = await nextPage()) {
      const page = ids;
      await db.transaction().execute(async (trx) => {
        await applyPage(trx, await lockCandidatesIn(trx, orgId, page, options.ruleId));
      });
      await turn();
    }
  };
  // Settled, not raced: a failed lane's error is thrown once the others have stopped after their current page.
  const lanes = await Promise.allSettled(
    Array.from({ length: RULE_LANES }, () =>
      lane().catch((error: unknown) => {
        done = true;
        throw error;
      }),
    ),
  );
  for (const l of lanes) if (l.status === 'rejected') throw l.reason;
}

/** What a pass would change, without writing: the preview of a rule before it is saved. */
export async function previewRules(
  db: Kysely<Database>,
  orgId: string,
  rules: CompiledRule[],
  previewId: string,
  sampleSize: number,
): Promise<{ matching: number; wouldChange: number; sample: RuleCandidate[] }> {
  const ordered = byPrecedence(rules);
  const preview = ordered.find((r) => r.id === previewId)!;
  const out = { matching: 0, wouldChange: 0, sample: [] as RuleCandidate[] };
  let afterId = '';
  for (;;) {
    const rows = await ruleCandidates(db, orgId, { afterId, limit: 2_000 });
    for (const c of rows) {
      const f = matchableOf(c);
      if (!preview.test(f)) continue;
      out.matching++;
      if (winner(ordered, f) !== preview) continue;
      if (c.triage_rule_id === preview.id) continue;
      out.wouldChange++;
      if (out.sample.length < sampleSize) out.sample.push(c);
    }
    if (rows.length < 2_000) return out;
    afterId = rows[rows.length - 1]!.id;
    await turn();
  }
}
