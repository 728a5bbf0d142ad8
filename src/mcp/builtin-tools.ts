/** The tools backed by the risk register, the audit trail and the vendors: each translates and calls a service. */
import { SYSTEM_ACTOR } from '../audit/audit.repository.ts';
import { maskEmails } from './masking.ts';
import type { ToolHandlers } from './tool-handler.ts';

/** supplier_list returns at most this many suppliers (partial results are allowed; `total` is exact). */
export const SUPPLIER_LIST_CAP = 200;

export const builtinToolHandlers = {
  async risk_create_draft({ risks, principal }, args) {
    return { ...(await risks.createDraft(principal.orgId, principal.userId, args)) };
  },

  async risk_get({ risks, principal }, args) {
    return { ...(await risks.get(principal.orgId, args.id)) };
  },

  async risk_register_list({ risks, principal }) {
    const items = await risks.listRegister(principal.orgId);
    return { items, total: items.length };
  },

  async audit_trail_search({ audit, users, principal }, args) {
    const { limit, offset, actorId } = args;
    const filter = { limit, offset, ...(actorId !== undefined ? { actorId } : {}) };
    const [{ rows, total }, members] = await Promise.all([
      audit.page(principal.orgId, filter),
      users.list(principal.orgId),
    ]);
    const emailOf = new Map(members.map((u) => [u.id, u.email]));
    // The actor is shown as the user's e-mail (masked again by the tool server) or, for system actions and
    // users that no longer exist, as the id itself.
    const items = rows.map((row) => ({
      id: row.id,
      action: row.action,
      actor:
        row.actor_id === SYSTEM_ACTOR ? SYSTEM_ACTOR : maskEmails(emailOf.get(row.actor_id) ?? row.actor_id),
      at: row.at,
    }));
    return { items, total, limit, offset };
  },

  async supplier_list({ vendors, principal }) {
    const { vendors: list, total } = await vendors.listThirdParties(principal.orgId, SUPPLIER_LIST_CAP);
    const items = list.map((v) => ({
      id: v.id,
      name: v.name,
      type: v.type,
      riskTier: v.riskTier,
      assessmentStatus: v.assessmentStatus,
      website: v.website,
    }));
    return { items, total, truncated: total > items.length };
  },

  async supplier_assessment_status({ vendors, principal }) {
    return { ...(await vendors.assessmentStatus(principal.orgId)) };
  },
} satisfies Partial<ToolHandlers>;
