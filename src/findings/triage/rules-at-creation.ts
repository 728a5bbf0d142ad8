// Triage rules applied to findings as they are created, inside the upload's transaction and before any event:
// a finding a rule triages is written with the rule's status, so no finding.created announces it as open and no
// scan verdict counts it (docs/triage-rules.md).
import type { Kysely } from 'kysely';
import { recordAudit, SYSTEM_ACTOR } from '../../audit/audit.repository.ts';
import type { Database } from '../../db/database.ts';
import { fromJson } from '../../db/helpers.ts';
import { nowIso } from '../../shared/time.ts';
import { historyRow } from '../finding-rows.ts';
import type { NewFindingRow, NewHistoryRow } from '../finding.repository.ts';
import { analysisColumns } from './analysis.ts';
import { byPrecedence, compileRule, winner, type CompiledRule } from './rule-engine.ts';
import type { AssetTags, MatchableFinding } from './rule-match.ts';
import { tagsByAsset } from '../../portfolio/asset.repository.ts';
import { activeRules, assetNameOfSbom } from './rule.repository.ts';

export interface NewComponent {
  name: string;
  version: string | null;
  purl: string | null;
  ecosystem: string | null;
}

/** The organisation's asset tags as rules read them (docs/portfolio.md): one query for a whole pass. */
export async function assetTagsOf(db: Kysely<Database>, orgId: string): Promise<AssetTags> {
  const byName = await tagsByAsset(db, orgId, 'name');
  return (assetName) => byName.get(assetName) ?? [];
}

/** The rules in force now, in precedence order (empty for an organisation without rules: one indexed query). */
export async function rulesInForce(db: Kysely<Database>, orgId: string): Promise<CompiledRule[]> {
  const rows = await activeRules(db, orgId, nowIso());
  if (rows.length === 0) return [];
  const tagsOf = await assetTagsOf(db, orgId);
  return byPrecedence(rows.map((r) => compileRule(r, tagsOf)));
}

/** Which rule, if any, triages a finding about to be created (the scan asks the same). */
export function ruleFor(rules: readonly CompiledRule[], f: MatchableFinding): CompiledRule | undefined {
  return rules.length === 0 ? undefined : winner(rules, f);
}

/**
 * Sets the winning rule's triage on new finding rows (mutated in place) and returns their history entries;
 * one audit entry per rule names it and the findings it triaged.
 */
export async function triageNewFindings(
  trx: Kysely<Database>,
  orgId: string,
  sbomId: string,
  rows: NewFindingRow[],
  componentOf: (componentId: string) => NewComponent | undefined,
): Promise<NewHistoryRow[]> {
  if (rows.length === 0) return [];
  const rules = await rulesInForce(trx, orgId);
  if (rules.length === 0) return [];
  const assetName = await assetNameOfSbom(trx, orgId, sbomId);
  const now = nowIso();
  const history: NewHistoryRow[] = [];
  const byRule = new Map<CompiledRule, string[]>();
  for (const row of rows) {
    const component = componentOf(row.component_id);
    if (!component) continue;
    const rule = ruleFor(rules, {
      vulnerabilityId: row.vulnerability_id,
      aliases: fromJson<string[]>(row.aliases, []),
      severity: row.severity,
      severitySource: row.severity_source,
      cvssScore: row.cvss_score ?? null,
      component,
      assetName,
    });
    if (!rule) continue;
    const columns = analysisColumns(rule.analysis);
    Object.assign(row, { status: rule.status, ...columns, triage_source: 'rule', triage_rule_id: rule.id });
    history.push({
      ...historyRow(orgId, row.id, 'status_change', now, {
        from: 'open',
        to: rule.status,
        notes: `rule ${rule.id} (${rule.name})`,
        actor: SYSTEM_ACTOR,
      }),
      ...columns,
      rule_id: rule.id,
    });
    const ids = byRule.get(rule);
    if (ids) ids.push(row.id);
    else byRule.set(rule, [row.id]);
  }
  for (const [rule, ids] of byRule)
    await recordAudit(trx, orgId, {
      actorId: SYSTEM_ACTOR,
      action: 'finding.status_change',
      entityType: 'triage_rule',
      entityId: rule.id,
      details: {
        source: 'rule',
        ruleId: rule.id,
        to: rule.status,
        sbomId,
        findings: ids.length,
        findingIds: ids.slice(0, 100),
      },
    });
  return history;
}
