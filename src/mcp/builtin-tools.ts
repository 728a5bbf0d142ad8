import { listAuditPage, SYSTEM_ACTOR } from '../audit/audit.repository.ts';
import { AuditTotals } from './audit-totals.ts';
import { maskEmails } from './masking.ts';
import type { ToolHandler } from './tool-handler.ts';

/** supplier_list returns at most this many suppliers (the interface allows partial results; `total` is exact). */
export const SUPPLIER_LIST_CAP = 200;

const rate = (completed: number, total: number): number | null =>
  total === 0 ? null : Math.round((1000 * completed) / total) / 10;

/** The tools backed by the risk register, the audit trail and the vendors (one set per app). */
export function builtinToolHandlers(auditTotals = new AuditTotals()): Record<string, ToolHandler> {
  return {
    async risk_create_draft({ services, principal }, args) {
      return { ...(await services.risks.createDraft(principal.orgId, principal.userId, args)) };
    },

    async risk_get({ services, principal }, args) {
      return { ...(await services.risks.get(principal.orgId, String(args.id))) };
    },

    async risk_register_list({ services, principal }) {
      const items = await services.risks.listRegister(principal.orgId);
      return { items, total: items.length };
    },

    async audit_trail_search({ db, services, principal }, args) {
      const limit = Number(args.limit);
      const offset = Number(args.offset);
      const filter = {
        limit,
        offset,
        ...(typeof args.actorId === 'string' ? { actorId: args.actorId } : {}),
      };
      const [rows, total, users] = await Promise.all([
        listAuditPage(db, principal.orgId, filter),
        auditTotals.total(db, principal.orgId, filter.actorId),
        services.tenancy.listUsers(principal.orgId),
      ]);
      const emailOf = new Map(users.map((u) => [u.id, u.email]));
      // The actor is shown as the user's e-mail (masked again by the tool server) or, for system actions and
      // users that no longer exist, as the id itself.
      const items = rows.map((row) => ({
        id: row.id,
        action: row.action,
        actor:
          row.actor_id === SYSTEM_ACTOR
            ? SYSTEM_ACTOR
            : maskEmails(emailOf.get(row.actor_id) ?? row.actor_id),
        at: row.at,
      }));
      return { items, total, limit, offset };
    },

    async supplier_list({ services, principal }) {
      const { vendors, total } = await services.vendors.listThirdParties(principal.orgId, SUPPLIER_LIST_CAP);
      const items = vendors.map((v) => ({
        id: v.id,
        name: v.name,
        type: v.type,
        riskTier: v.riskTier,
        assessmentStatus: v.assessmentStatus,
        website: v.website,
      }));
      return { items, total, truncated: total > items.length };
    },

    async supplier_assessment_status({ services, principal }) {
      const counts = await services.vendors.thirdPartyAssessmentCounts(principal.orgId);
      const byStatus = { not_started: 0, in_progress: 0, completed: 0 };
      const byTier: Record<string, { total: number; completed: number; completionRate: number | null }> = {};
      for (const tier of ['1', '2', '3']) byTier[tier] = { total: 0, completed: 0, completionRate: null };
      for (const { riskTier, assessmentStatus, count } of counts) {
        byStatus[assessmentStatus] += count;
        const tier = byTier[String(riskTier)];
        if (!tier) continue;
        tier.total += count;
        if (assessmentStatus === 'completed') tier.completed += count;
      }
      for (const tier of Object.values(byTier)) tier.completionRate = rate(tier.completed, tier.total);
      const total = byStatus.not_started + byStatus.in_progress + byStatus.completed;
      return {
        total,
        notStarted: byStatus.not_started,
        inProgress: byStatus.in_progress,
        completed: byStatus.completed,
        completionRate: rate(byStatus.completed, total),
        byTier,
        unassessedCritical: byTier['1']!.total - byTier['1']!.completed,
      };
    },
  };
}
