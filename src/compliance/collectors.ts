// The evidence collectors: each a documented rule over the workspace's own data (docs/compliance.md) and the
// ISO/IEC 27001:2022 Annex A controls its evidence supports. A rule passes or fails with its figures, the
// reasons it failed and the ids that made it fail.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { offboardingViolations } from '../governance/access/accounts.service.ts';
import { getSettings } from '../governance/common.ts';
import * as repo from './compliance.repository.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface CollectorContext {
  db: Kysely<Database>;
  orgId: string;
  /** The run's reference time (ISO 8601 UTC). */
  now: string;
  /** A turn of the event loop once its budget is spent (SQLite answers synchronously: docs/resilience.md). */
  turn: () => Promise<void>;
}

export interface Outcome {
  passed: boolean;
  figures: Record<string, number | string | null>;
  /** Why it failed, one sentence each; empty when it passed. */
  reasons: string[];
  /** The ids that made it fail (findings, assets, vendors, accounts…), the first OFFENDING_CAP. */
  offending: string[];
}

export interface Collector {
  id: string;
  title: string;
  controls: readonly string[];
  collect(ctx: CollectorContext): Promise<Outcome>;
}

const minus = (iso: string, ms: number) => new Date(Date.parse(iso) - ms).toISOString();

/** The same instant `months` calendar months earlier (UTC). */
function monthsBefore(iso: string, months: number): string {
  const d = new Date(iso);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString();
}

function outcome(figures: Outcome['figures'], failures: { reason: string; ids: string[] }[]): Outcome {
  const failed = failures.filter((f) => f.reason !== '');
  return {
    passed: failed.length === 0,
    figures,
    reasons: failed.map((f) => f.reason),
    offending: failed.flatMap((f) => f.ids).slice(0, repo.OFFENDING_CAP),
  };
}

/** A rule part that holds. */
const none = { reason: '', ids: [] as string[] };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * A.8.8 Management of technical vulnerabilities. On the newest SBOM of each asset: no open finding listed in
 * CISA's KEV catalog whose due date has passed (a due date is the last day to remediate: it has passed once that
 * UTC day has ended); no open CRITICAL (HIGH) finding found more than the SLA's days ago (default 15 and 30);
 * and every OSV ecosystem held, and the KEV catalog, synced within the last 48 hours.
 */
export const vulnerabilityManagement: Collector = {
  id: 'vulnerability-management',
  title: 'Vulnerability management',
  controls: ['A.8.8'],
  async collect({ db, orgId, now, turn }) {
    const sla = await repo.slaSettings(db, orgId);
    const today = now.slice(0, 10);
    const kev = await repo.kevPastDue(db, orgId, today);
    await turn();
    const critical = await repo.openOlderThan(db, orgId, 'CRITICAL', minus(now, sla.criticalDays * DAY));
    await turn();
    const high = await repo.openOlderThan(db, orgId, 'HIGH', minus(now, sla.highDays * DAY));
    const feeds = await repo.feedStates(db);
    const fresh = minus(now, 48 * HOUR);
    const osv = feeds.filter((f) => f.source.startsWith('osv:'));
    const kevFeed = feeds.find((f) => f.source === 'kev');
    const stale = feeds.filter((f) => !f.last_success_at || f.last_success_at < fresh).map((f) => f.source);
    const missing = [...(osv.length === 0 ? ['osv'] : []), ...(kevFeed ? [] : ['kev'])];
    const notFresh = [...missing, ...stale];
    return outcome(
      {
        kevPastDue: kev.length,
        criticalOverSla: critical.length,
        highOverSla: high.length,
        slaCriticalDays: sla.criticalDays,
        slaHighDays: sla.highDays,
        feedsNotSyncedIn48h: notFresh.length,
      },
      [
        kev.length
          ? { reason: `${plural(kev.length, 'open KEV finding')} past the due date`, ids: kev }
          : none,
        critical.length
          ? {
              reason: `${plural(critical.length, 'open CRITICAL finding')} older than ${sla.criticalDays} days`,
              ids: critical,
            }
          : none,
        high.length
          ? {
              reason: `${plural(high.length, 'open HIGH finding')} older than ${sla.highDays} days`,
              ids: high,
            }
          : none,
        notFresh.length
          ? {
              reason: `vulnerability data not synced within 48 hours: ${notFresh
                .map((s) => (missing.includes(s) ? `${s} (never synced)` : s))
                .join(', ')}`,
              ids: [],
            }
          : none,
      ],
    );
  },
};

/** A.5.9 Inventory of information and other associated assets, A.8.19 Installation of software on operational
 * systems. Every active asset has an SBOM uploaded in the last 30 days (an SBOM exactly 30 days old still counts;
 * an asset without any fails). */
export const softwareInventory: Collector = {
  id: 'software-inventory',
  title: 'Software inventory',
  controls: ['A.5.9', 'A.8.19'],
  async collect({ db, orgId, now }) {
    const cut = minus(now, 30 * DAY);
    const assets = await repo.assetsWithLatestUpload(db, orgId);
    const old = assets.filter((a) => a.latest === null || String(a.latest) < cut).map((a) => a.asset_name);
    return outcome({ assets: assets.length, withoutRecentSbom: old.length }, [
      old.length
        ? { reason: `${plural(old.length, 'asset')} without an SBOM younger than 30 days`, ids: old }
        : none,
    ]);
  },
};

/** A.5.19–A.5.22 Supplier relationships. Every tier-1 vendor has a completed supplier assessment dated within the
 * last 12 calendar months. */
export const supplierRelationships: Collector = {
  id: 'supplier-relationships',
  title: 'Supplier relationships',
  controls: ['A.5.19', 'A.5.20', 'A.5.21', 'A.5.22'],
  async collect({ db, orgId, now }) {
    const cut = monthsBefore(now, 12);
    const vendors = await repo.tierOneVendors(db, orgId);
    const late = vendors.filter((v) => !v.assessed_at || v.assessed_at < cut).map((v) => v.id);
    return outcome({ tierOneVendors: vendors.length, notAssessedIn12Months: late.length }, [
      late.length
        ? { reason: `${plural(late.length, 'tier-1 vendor')} not assessed in the last 12 months`, ids: late }
        : none,
    ]);
  },
};

/** A.5.15 Access control, A.5.18 Access rights, A.8.2 Privileged access rights. The newest review campaign whose
 * due date has come was completed by it; no offboarding violation (access_offboarding_violations); no stale
 * account (access_stale_accounts' threshold) holding an active privileged grant. */
export const accessRights: Collector = {
  id: 'access-rights',
  title: 'Access rights',
  controls: ['A.5.15', 'A.5.18', 'A.8.2'],
  async collect({ db, orgId, now, turn }) {
    const { staleAccountDays } = await getSettings(db, orgId);
    const campaign = await repo.lastDueCampaign(db, orgId, now);
    const offboarding = await offboardingViolations(db, orgId, { asOf: now });
    await turn();
    const stale = await repo.stalePrivilegedAccounts(db, orgId, minus(now, staleAccountDays * DAY));
    const inTime = campaign?.completed_at != null && campaign.completed_at <= campaign.due_at;
    const offenders = offboarding.items.map((i) => i.accountId);
    return outcome(
      {
        lastCampaign: campaign?.id ?? null,
        lastCampaignDueAt: campaign?.due_at ?? null,
        lastCampaignCompletedAt: campaign?.completed_at ?? null,
        offboardingViolations: offboarding.violatingAccounts,
        stalePrivilegedAccounts: stale.length,
      },
      [
        !campaign
          ? { reason: 'no access review campaign has come due', ids: [] }
          : inTime
            ? none
            : {
                reason: campaign.completed_at
                  ? `the last review campaign was completed after its due date`
                  : `the last review campaign is past its due date and not completed`,
                ids: [campaign.id],
              },
        offboarding.violatingAccounts
          ? {
              reason: `${plural(offboarding.violatingAccounts, 'account')} of leavers still active past the offboarding SLA`,
              ids: offenders,
            }
          : none,
        stale.length
          ? { reason: `${plural(stale.length, 'stale account')} holding privileged access`, ids: stale }
          : none,
      ],
    );
  },
};

/** A.5.36 Compliance with policies, rules and standards for information security. No open violation in state
 * `fail` of the organisation's policies on the newest SBOM of any asset (a suppressed one is decided). */
export const policyCompliance: Collector = {
  id: 'policy-compliance',
  title: 'Policy compliance',
  controls: ['A.5.36'],
  async collect({ db, orgId }) {
    const failing = await repo.openFailViolations(db, orgId);
    return outcome({ openFailViolations: failing.length }, [
      failing.length
        ? { reason: `${plural(failing.length, 'open policy violation')} in state fail`, ids: failing }
        : none,
    ]);
  },
};

/** Every collector, in the order runs report them. */
export const COLLECTORS: readonly Collector[] = [
  vulnerabilityManagement,
  softwareInventory,
  supplierRelationships,
  accessRights,
  policyCompliance,
];
