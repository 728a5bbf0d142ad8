// The one writer of a finding's triage (ARCHITECTURE.md): people (PATCH), VEX documents, carry-over and triage
// rules all change a status here, so the row, its history, the audit trail and the event never disagree.
import type { Kysely, Updateable } from 'kysely';
import { recordAudit } from '../../audit/audit.repository.ts';
import type { Database } from '../../db/database.ts';
import { validationFailed } from '../../errors.ts';
import { event, recordEvents } from '../../events/outbox.ts';
import { assetsOfSboms } from '../../sboms/sbom.repository.ts';
import { controlCharacterProblem } from '../../shared/control-characters.ts';
import { nowIso } from '../../shared/time.ts';
import { eventFinding, withKev } from '../finding-events.ts';
import { historyRow } from '../finding-rows.ts';
import { insertHistory, type FindingWithComponent, type NewHistoryRow } from '../finding.repository.ts';
import type { FindingStatus } from '../finding.service.ts';
import type { FindingTable } from '../finding.table.ts';
import { analysisColumns, analysisOf, sameAnalysis, type Analysis, type TriageSource } from './analysis.ts';
import { lockFindings, updateFindingsTo } from './status.repository.ts';

export interface StatusChange {
  findingId: string;
  to: FindingStatus;
  /** The analysis to record; undefined keeps the one recorded. */
  analysis?: Analysis | undefined;
  /** The free text to record; undefined keeps it. */
  remediationNotes?: string | null | undefined;
  /** The history entry's note ("from VEX: …", "rule trl_… expired"). */
  note: string | null;
  /** The rule making the change (source `rule`). */
  ruleId?: string | null;
  /** A rule's triage undone: the finding is as if never triaged again (rules may apply), history names the rule. */
  reopen?: boolean;
  /** Compare-and-set: skipped unless the finding, once locked, still passes (a rule's eligibility). */
  expect?: (row: FindingWithComponent) => boolean;
}

export interface ChangeContext {
  actorId: string;
  source: TriageSource;
  /** A person's change is history even when it restates the state (the note is what they meant to record). */
  always?: boolean;
}

export interface ChangeResult {
  /** The findings as they were before the change, of those changed. */
  changed: FindingWithComponent[];
  unchanged: number;
}

/** Refuses control characters in the texts a change stores, as the REST validator does (docs/resilience.md). */
function checkText(field: string, text: string | null | undefined): void {
  if (text === null || text === undefined) return;
  const problem = controlCharacterProblem(text, true);
  if (problem) throw validationFailed(`${field}: ${problem}`, [{ path: field, message: problem }]);
}

export async function recordStatusChanges(
  trx: Kysely<Database>,
  orgId: string,
  ctx: ChangeContext,
  changes: readonly StatusChange[],
  options: { current?: ReadonlyMap<string, FindingWithComponent> } = {},
): Promise<ChangeResult> {
  for (const c of changes) {
    checkText('remediationNotes', c.remediationNotes);
    checkText('detail', c.analysis?.detail);
    checkText('notes', c.note);
  }
  const result: ChangeResult = { changed: [], unchanged: 0 };
  if (changes.length === 0) return result;
  // `current`: the rows as the caller read them in this transaction, locked on PostgreSQL (a rule pass's page).
  const rows =
    options.current ??
    (await lockFindings(
      trx,
      orgId,
      changes.map((c) => c.findingId),
    ));
  const now = nowIso();
  const groups = new Map<string, { values: Updateable<FindingTable>; ids: string[] }>();
  const history: NewHistoryRow[] = [];
  const after: { row: FindingWithComponent; change: StatusChange; notes: string | null }[] = [];
  for (const c of changes) {
    const row = rows.get(c.findingId);
    if (!row || (c.expect && !c.expect(row))) {
      result.unchanged++;
      continue;
    }
    const analysis = c.analysis ?? analysisOf(row);
    const notes = c.remediationNotes === undefined ? row.remediation_notes : c.remediationNotes;
    const ruleId = ctx.source === 'rule' && !c.reopen ? (c.ruleId ?? null) : null;
    const same =
      row.status === c.to &&
      notes === row.remediation_notes &&
      sameAnalysis(analysis, analysisOf(row)) &&
      (row.triage_rule_id ?? null) === ruleId;
    if (same && !ctx.always) {
      result.unchanged++;
      continue;
    }
    const columns = analysisColumns(analysis);
    const values: Updateable<FindingTable> = {
      status: c.to,
      remediation_notes: notes,
      ...columns,
      triage_source: c.reopen ? null : ctx.source,
      triage_rule_id: ruleId,
      updated_at: now,
      status_changed_at: row.status === c.to ? row.status_changed_at : now,
    };
    const key = JSON.stringify(values);
    const group = groups.get(key) ?? { values, ids: [] as string[] };
    group.ids.push(row.id);
    groups.set(key, group);
    history.push({
      ...historyRow(orgId, row.id, 'status_change', now, {
        from: row.status,
        to: c.to,
        notes: c.note,
        actor: ctx.actorId,
      }),
      ...columns,
      rule_id: ctx.source === 'rule' ? (c.ruleId ?? null) : null,
    });
    result.changed.push(row);
    after.push({ row, change: c, notes });
  }
  for (const { values, ids } of groups.values()) await updateFindingsTo(trx, orgId, ids, values);
  await insertHistory(trx, history);
  await audit(trx, orgId, ctx, after);
  await announce(trx, orgId, ctx, after);
  return result;
}

/** One audit entry per finding; a rule's changes are one entry per rule and status, naming the findings. */
async function audit(
  trx: Kysely<Database>,
  orgId: string,
  ctx: ChangeContext,
  changed: { row: FindingWithComponent; change: StatusChange }[],
): Promise<void> {
  if (ctx.source !== 'rule') {
    for (const { row, change } of changed)
      await recordAudit(trx, orgId, {
        actorId: ctx.actorId,
        action: 'finding.status_change',
        entityType: 'finding',
        entityId: row.id,
        details: {
          from: row.status,
          to: change.to,
          vulnerabilityId: row.vulnerability_id,
          source: ctx.source,
        },
      });
    return;
  }
  // 100,000 findings a rule triages are one decision: one entry per rule and status, not 100,000.
  const byRule = new Map<string, { ruleId: string | null; to: string; note: string | null; ids: string[] }>();
  for (const { row, change } of changed) {
    const key = `${change.ruleId ?? ''}\u0000${change.to}\u0000${change.note ?? ''}`;
    const entry = byRule.get(key) ?? {
      ruleId: change.ruleId ?? null,
      to: change.to,
      note: change.note,
      ids: [],
    };
    entry.ids.push(row.id);
    byRule.set(key, entry);
  }
  for (const entry of byRule.values())
    await recordAudit(trx, orgId, {
      actorId: ctx.actorId,
      action: 'finding.status_change',
      entityType: 'triage_rule',
      entityId: entry.ruleId,
      details: {
        source: 'rule',
        ruleId: entry.ruleId,
        to: entry.to,
        note: entry.note,
        findings: entry.ids.length,
        findingIds: entry.ids.slice(0, 100),
      },
    });
}

/**
 * finding.status_changed for each change of status (every change a person makes). Carried-over triage needs
 * none: the new finding's finding.created, derived after the upload commits, carries the inherited status.
 */
async function announce(
  trx: Kysely<Database>,
  orgId: string,
  ctx: ChangeContext,
  changed: { row: FindingWithComponent; change: StatusChange; notes: string | null }[],
): Promise<void> {
  if (ctx.source === 'carry_over') return;
  const announced = changed.filter(({ row, change }) => ctx.always || row.status !== change.to);
  if (announced.length === 0) return;
  await recordEvents(trx, orgId, async () => {
    const assetOf = await assetsOfSboms(
      trx,
      orgId,
      announced.map(({ row }) => row.sbom_id),
    );
    return withKev(
      trx,
      announced.map(({ row, change, notes }) =>
        event(
          'finding.status_changed',
          {
            finding: eventFinding(
              { ...row, status: change.to },
              { name: row.component_name, version: row.component_version, purl: row.component_purl },
            ),
            fromStatus: row.status as FindingStatus,
            toStatus: change.to,
            remediationNotes: notes,
            actorId: ctx.actorId,
          },
          assetOf(row.sbom_id),
        ),
      ),
    );
  });
}
