/** REST routes of continuous compliance: collect evidence now, the vulnerability SLAs, the SoA export. */
import { z } from 'zod';
import type { App } from '../http/app-type.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import { NOT_FOUND_ERRORS } from '../http/openapi.ts';
import { principalOf, sessionOnly } from '../tenancy/route-auth.ts';
import type { ComplianceService } from './compliance.service.ts';
import { soaCsv } from './soa.ts';

const tags = ['governance'];

const Figure = z.union([z.number(), z.string(), z.null()]);

const CollectionRun = z.object({
  runId: z.string(),
  collectedAt: z.string(),
  projectId: z.string().nullable(),
  validUntil: z.string(),
  passed: z.number().int(),
  failed: z.number().int(),
  results: z.array(
    z.object({
      collector: z.string(),
      title: z.string(),
      controls: z.array(z.string()),
      passed: z.boolean(),
      figures: z.record(z.string(), Figure),
      reasons: z.array(z.string()),
      offending: z.array(z.string()),
      evidenceIds: z.array(z.string()),
    }),
  ),
});

const SlaDays = z
  .object({
    criticalDays: z.number().int().min(1).max(365),
    highDays: z.number().int().min(1).max(365),
  })
  .strict();
const SlaSettings = z.object({ vulnerabilitySlaDays: SlaDays }).strict();

const SoaQuery = z
  .object({
    projectId: z.string().min(1).max(100).optional(),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .strict();

const SoaEvidence = z.object({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  collectedAt: z.string(),
  expiresAt: z.string().nullable(),
  source: z.string(),
});

export const Soa = z.object({
  projectId: z.string(),
  project: z.string(),
  soaVersion: z.string().nullable(),
  asOf: z.string(),
  controls: z.array(
    z.object({
      controlId: z.string(),
      theme: z.string(),
      title: z.string(),
      applicable: z.boolean().nullable(),
      justification: z.string().nullable(),
      implementationStatus: z.string(),
      result: z.string(),
      evidenceCoverage: z.enum(['current', 'expiredOrPending', 'none', 'notApplicable']),
      evidence: z.array(SoaEvidence),
    }),
  ),
});

export async function complianceRoutes(
  app: App,
  { compliance }: { compliance: ComplianceService },
): Promise<void> {
  app.post(
    '/governance/evidence/collect',
    {
      config: sessionOnly('admin'),
      schema: {
        tags,
        summary: 'Collect evidence now',
        description:
          'Runs every evidence collector (vulnerability management, software inventory, supplier relationships, ' +
          'access rights) for this organisation and writes one evidence item per collector and Annex A control ' +
          'into the active ISO project: accepted with the figures, or rejected with the reasons and the ' +
          'offending ids (docs/compliance.md). Session only, admins.',
        body: z.object({}).strict().optional(),
        response: { 200: envelopeOf(CollectionRun) },
      },
    },
    async (request) => {
      const { orgId, userId } = principalOf(request);
      return ok(await compliance.collect(orgId, { actorId: userId }));
    },
  );

  app.get(
    '/governance/evidence/settings',
    {
      config: sessionOnly('viewer'),
      schema: {
        tags,
        summary: 'Vulnerability remediation SLAs',
        description:
          'Days an open CRITICAL or HIGH finding may stay open before the vulnerability management collector ' +
          'fails (defaults 15 and 30). Session only.',
        response: { 200: envelopeOf(SlaSettings) },
      },
    },
    async (request) => ok({ vulnerabilitySlaDays: await compliance.slaSettings(principalOf(request).orgId) }),
  );

  app.put(
    '/governance/evidence/settings',
    {
      config: sessionOnly('admin'),
      schema: {
        tags,
        summary: 'Set the vulnerability remediation SLAs',
        description:
          '`vulnerabilitySlaDays: {criticalDays, highDays}`, whole days 1–365, CRITICAL no longer than HIGH. ' +
          'Audited. Session only, admins.',
        body: SlaSettings,
        response: { 200: envelopeOf(SlaSettings) },
      },
    },
    async (request) => {
      const { orgId, userId } = principalOf(request);
      const sla = await compliance.setSlaSettings(orgId, request.body.vulnerabilitySlaDays, userId);
      return ok({ vulnerabilitySlaDays: sla });
    },
  );

  app.get(
    '/governance/soa/export',
    {
      config: { auth: { scope: 'mcp:read' } },
      // The JSON answer is the envelope, the CSV one the file itself.
      schema: {
        tags,
        summary: 'Statement of Applicability',
        description:
          'Every Annex A control of the project (`projectId`, default the active one) with its applicability, ' +
          'justification, implementation status, evidence coverage now and the evidence items behind it: ' +
          '`format=json` (default, the envelope) or `format=csv` (a file, one row per control). Needs mcp:read.',
        querystring: SoaQuery,
        response: {
          200: {
            description: 'The envelope (format=json, the default) or the CSV file (format=csv).',
            content: {
              'application/json': { schema: envelopeOf(Soa) },
              'text/csv': { schema: z.string() },
            },
          },
        },
        'x-operation': { errors: NOT_FOUND_ERRORS },
      },
    },
    async (request, reply) => {
      const { projectId, format } = request.query;
      const soa = await compliance.statementOfApplicability(principalOf(request).orgId, projectId);
      if (format === 'json') return ok(soa);
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="soa-${soa.projectId}.csv"`);
      return reply.send(soaCsv(soa));
    },
  );
}
