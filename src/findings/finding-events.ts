import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { fromJson } from '../db/helpers.ts';
import type { EventFinding } from '../events/catalogue.ts';
import { event, type NewEvent } from '../events/outbox.ts';
import { assetsOfSboms } from '../sboms/sbom.repository.ts';
import { signalsOf } from './exploit-signals.ts';
import { findingsCreatedBy } from './finding.repository.ts';
import type { FindingRow } from './finding.table.ts';

/**
 * A finding as events describe it (docs/events.md). `kev` starts null; `withKev` fills it from the KEV
 * catalogue (through the vulnerability id or any alias) before the events are recorded.
 */
export function eventFinding(
  row: Pick<
    FindingRow,
    | 'id'
    | 'sbom_id'
    | 'component_id'
    | 'vulnerability_id'
    | 'aliases'
    | 'severity'
    | 'cvss_score'
    | 'fixed_versions'
    | 'status'
  >,
  component: { name: string; version: string | null; purl: string | null },
): EventFinding {
  return {
    id: row.id,
    sbomId: row.sbom_id,
    componentId: row.component_id,
    component: { name: component.name, version: component.version, purl: component.purl },
    vulnerabilityId: row.vulnerability_id,
    aliases: fromJson<string[]>(row.aliases, []),
    severity: row.severity as EventFinding['severity'],
    cvssScore: row.cvss_score === null ? null : Number(row.cvss_score),
    fixedVersions: fromJson<string[]>(row.fixed_versions, []),
    status: row.status as EventFinding['status'],
    kev: null,
  };
}

/** finding.created for each finding an upload created (derived after the upload committed). */
export async function uploadFindingEvents(
  trx: Kysely<Database>,
  orgId: string,
  sbomId: string,
  at: string,
): Promise<NewEvent[]> {
  // A finding a triage rule triaged as it was created is not announced (docs/triage-rules.md).
  const rows = (await findingsCreatedBy(trx, orgId, sbomId, at)).filter((r) => r.triage_source !== 'rule');
  if (rows.length === 0) return [];
  const assetOf = await assetsOfSboms(trx, orgId, [sbomId]);
  const events = rows.map((r) =>
    event(
      'finding.created',
      {
        finding: eventFinding(r, {
          name: r.component_name,
          version: r.component_version,
          purl: r.component_purl,
        }),
      },
      assetOf(r.sbom_id),
    ),
  );
  return withKev(trx, events);
}

/** Sets `kev` on the findings of finding events from the KEV catalogue (one lookup for all of them). */
export async function withKev(db: Kysely<Database>, events: NewEvent[]): Promise<NewEvent[]> {
  const findings = events.flatMap((e) => {
    const finding = (e.data as { finding?: EventFinding }).finding;
    return finding ? [finding] : [];
  });
  if (findings.length === 0) return events;
  const signals = await signalsOf(db, findings);
  findings.forEach((f, i) => {
    f.kev = signals[i]!.kev;
  });
  return events;
}
