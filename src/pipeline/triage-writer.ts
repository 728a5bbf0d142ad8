// Writes triage decided elsewhere (a VEX document, the previous version of an asset) onto findings, the same way a
// person's status change is written: the finding, a history entry, an audit entry and (for VEX) the
// finding.status_changed event, in the caller's transaction.
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Database } from '../db/database.ts';
import { event, recordEvents } from '../events/outbox.ts';
import { eventFinding, withKev } from '../findings/finding-events.ts';
import { findFinding } from '../findings/finding.repository.ts';
import type { FindingStatus } from '../findings/finding.service.ts';
import { newId } from '../shared/ids.ts';
import { nowIso } from '../shared/time.ts';

export interface TriageChange {
  findingId: string;
  vulnerabilityId: string;
  from: string;
  to: FindingStatus;
  remediationNotes: string | null;
  /** The history entry's note: "from VEX: …", "carried over from sbom_…". */
  historyNote: string;
  source: 'vex' | 'carry_over';
}

export async function writeTriage(
  trx: Kysely<Database>,
  orgId: string,
  actorId: string,
  changes: readonly TriageChange[],
): Promise<void> {
  const now = nowIso();
  for (const c of changes) {
    await trx
      .updateTable('findings')
      .set({
        status: c.to,
        remediation_notes: c.remediationNotes,
        updated_at: now,
        ...(c.from !== c.to ? { status_changed_at: now } : {}),
      })
      .where('org_id', '=', orgId)
      .where('id', '=', c.findingId)
      .execute();
    await trx
      .insertInto('finding_history')
      .values({
        id: newId('fnh'),
        org_id: orgId,
        finding_id: c.findingId,
        event: 'status_change',
        from_status: c.from,
        to_status: c.to,
        notes: c.historyNote,
        actor_id: actorId,
        at: now,
      })
      .execute();
    await recordAudit(trx, orgId, {
      actorId,
      action: 'finding.status_change',
      entityType: 'finding',
      entityId: c.findingId,
      details: { from: c.from, to: c.to, vulnerabilityId: c.vulnerabilityId, source: c.source },
    });
  }
  // Carried-over triage needs no event: the new finding's finding.created (derived after the upload commits)
  // already carries the inherited status.
  const changed = changes.filter((c) => c.source === 'vex' && c.from !== c.to);
  await recordEvents(trx, orgId, async () =>
    withKev(
      trx,
      await Promise.all(
        changed.map(async (c) => {
          const row = (await findFinding(trx, orgId, c.findingId))!;
          return event('finding.status_changed', {
            finding: eventFinding(row, {
              name: row.component_name,
              version: row.component_version,
              purl: row.component_purl,
            }),
            fromStatus: c.from as FindingStatus,
            toStatus: c.to,
            remediationNotes: c.remediationNotes,
            actorId,
          });
        }),
      ),
    ),
  );
}
