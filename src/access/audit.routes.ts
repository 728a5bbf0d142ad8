/**
 * The workspace's own audit log for its admins: session only (API tokens get 403 FORBIDDEN, docs/sessions.md),
 * unmasked, one organisation's entries with their actors.
 */
import { z } from 'zod';
import type { AuditEntryRow } from '../audit/audit.repository.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { fromJson } from '../db/helpers.ts';
import type { App } from '../http/app-type.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import { principalOf, sessionOnly } from '../tenancy/route-auth.ts';

export const AuditQuery = z
  .object({
    actorId: z.string().min(1).max(100).optional(),
    action: z.string().min(1).max(100).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();

const AuditEntry = z.object({
  id: z.string(),
  action: z.string(),
  actor: z.object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable() }),
  entityType: z.string(),
  entityId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  at: z.string(),
});

const AuditPage = z.object({
  items: z.array(AuditEntry),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

const auditEntry = (row: AuditEntryRow) => ({
  id: row.id,
  action: row.action,
  actor: { id: row.actor_id, email: row.actor_email, name: row.actor_name },
  entityType: row.entity_type,
  entityId: row.entity_id,
  details: row.details === null ? null : fromJson<Record<string, unknown>>(row.details, {}),
  at: row.at,
});

export async function auditRoutes(app: App, { audit }: { audit: AuditService }): Promise<void> {
  app.get(
    '/audit',
    {
      config: sessionOnly('admin'),
      schema: {
        tags: ['access'],
        summary: 'Audit log',
        description:
          "The organisation's audit trail, newest first, with each actor's e-mail and name; filter by `actorId` " +
          'and `action` (exact), page with `limit` (1–200, default 50) and `offset`. Session only, admins.',
        querystring: AuditQuery,
        response: { 200: envelopeOf(AuditPage) },
      },
    },
    async (request) => {
      const { actorId, action, limit, offset } = request.query;
      const { rows, total } = await audit.entries(principalOf(request).orgId, {
        actorId,
        action,
        limit,
        offset,
      });
      return ok({ items: rows.map(auditEntry), total, limit, offset });
    },
  );
}
