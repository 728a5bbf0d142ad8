/** REST routes of triage rules: list, get, create, replace, delete, preview (docs/triage-rules.md). */
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { App } from '../../http/app-type.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { idempotentCreate, jsonFingerprint } from '../../idempotency/idempotency.hook.ts';
import { principalOf } from '../../tenancy/route-auth.ts';
import type { IdempotencyService } from '../../idempotency/idempotency.service.ts';
import { FEATURES } from '../../tenancy/plans.ts';
import { roleAtLeast } from '../../tenancy/roles.ts';
import { RuleBody, RuleParams, RulePreview, RuleWithEffect, TriageRule } from './rule.schemas.ts';
import type { TriageRuleService } from './rule.service.ts';

const read = { auth: { scope: 'sbom:read', feature: FEATURES.supplyChainSecurity } } as const;
const write = { auth: { scope: 'sbom:write', feature: FEATURES.supplyChainSecurity } } as const;
const tags = ['triage-rules'];

/** A rule changes the whole organisation's triage: a session needs admin (tokens need sbom:write). */
function writer(request: Parameters<typeof principalOf>[0]) {
  const principal = unrestricted(request);
  if (principal.session && !roleAtLeast(principal.session.role, 'admin'))
    throw new AppError(
      'FORBIDDEN',
      403,
      `The role ${principal.session.role} may not change triage rules (needs admin)`,
    );
  return principal;
}

/**
 * A rule (and its preview) reaches every finding of the organisation: a principal restricted to part of the
 * portfolio (docs/portfolio-access.md) may neither write nor preview one, so it cannot change or count findings
 * outside its reach.
 */
function unrestricted(request: Parameters<typeof principalOf>[0]) {
  const principal = principalOf(request);
  if (principal.reach !== null)
    throw new AppError(
      'FORBIDDEN',
      403,
      'Triage rules apply to the whole organisation: a principal restricted to part of the portfolio may not write or preview them',
    );
  return principal;
}

export async function triageRuleRoutes(
  app: App,
  { rules, idempotency }: { rules: TriageRuleService; idempotency: IdempotencyService },
): Promise<void> {
  app.get(
    '/sscs/triage-rules',
    {
      config: read,
      schema: {
        tags,
        summary: 'List triage rules',
        description: "The organisation's triage rules, oldest first, each saying whether it is in force now.",
        response: { 200: envelopeOf(z.array(TriageRule)) },
      },
    },
    async (request) => ok(await rules.list(principalOf(request).orgId)),
  );

  app.get(
    '/sscs/triage-rules/:ruleId',
    {
      config: read,
      schema: {
        tags,
        summary: 'Get a triage rule',
        description: 'One triage rule; another organisation’s id is 404.',
        params: RuleParams,
        response: { 200: envelopeOf(TriageRule) },
      },
    },
    async (request) => ok(await rules.get(principalOf(request).orgId, request.params.ruleId)),
  );

  app.post(
    '/sscs/triage-rules',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a triage rule',
        description:
          'Saves the rule and applies it at once to the open findings it matches (effect counts them); findings created later are triaged as they are created.',
        body: RuleBody,
        response: { 201: envelopeOf(RuleWithEffect) },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = writer(request);
      return idempotentCreate(
        idempotency,
        request,
        reply,
        () => jsonFingerprint(request),
        () => rules.create(orgId, userId, request.body).then((data) => ({ data })),
      );
    },
  );

  app.post(
    '/sscs/triage-rules/preview',
    {
      config: read,
      schema: {
        tags,
        summary: 'Preview a triage rule',
        description:
          'Which open findings the rule would change if it were saved now (nothing is written); a rule matching nothing is allowed and says 0.',
        body: RuleBody,
        response: { 200: envelopeOf(RulePreview) },
      },
    },
    async (request) => ok(await rules.preview(unrestricted(request).orgId, request.body)),
  );

  app.put(
    '/sscs/triage-rules/:ruleId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Replace a triage rule',
        description:
          'Replaces the rule and applies the rules again: findings it no longer matches reopen, findings it now matches are triaged.',
        params: RuleParams,
        body: RuleBody,
        response: { 200: envelopeOf(RuleWithEffect) },
      },
    },
    async (request) => {
      const { orgId, userId } = writer(request);
      return ok(await rules.update(orgId, userId, request.params.ruleId, request.body));
    },
  );

  app.delete(
    '/sscs/triage-rules/:ruleId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a triage rule',
        description:
          'Deletes the rule; the findings it set and nobody changed since go to the next matching rule or back to open (history names the rule).',
        params: RuleParams,
        response: { 200: envelopeOf(RuleWithEffect) },
      },
    },
    async (request) => {
      const { orgId, userId } = writer(request);
      return ok(await rules.delete(orgId, userId, request.params.ruleId));
    },
  );
}
