/** REST routes of vendors: list, risk summary, create, replace. */
import { z } from 'zod';
import type { App } from '../http/app-type.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import { NOT_FOUND_ERRORS } from '../http/openapi.ts';
import {
  IDEMPOTENCY_ERRORS,
  IDEMPOTENT_DESCRIPTION,
  idempotentCreate,
  jsonFingerprint,
} from '../idempotency/idempotency.hook.ts';
import { principalOf } from '../tenancy/route-auth.ts';
import type { IdempotencyService } from '../idempotency/idempotency.service.ts';
import { sendList } from '../http/stream-array.ts';
import { FEATURES } from '../tenancy/plans.ts';
import { Vendor, VendorBody, VendorParams, VendorRiskSummary } from './vendor.schemas.ts';
import type { VendorService } from './vendor.service.ts';

const read = { auth: { scope: 'sbom:read', feature: FEATURES.supplyChainSecurity } } as const;
const write = { auth: { scope: 'sbom:write', feature: FEATURES.supplyChainSecurity } } as const;
const tags = ['vendors'];

export async function vendorRoutes(
  app: App,
  { vendors, idempotency }: { vendors: VendorService; idempotency: IdempotencyService },
): Promise<void> {
  app.get(
    '/sscs/vendors',
    {
      config: read,
      schema: {
        tags,
        summary: 'List vendors',
        description: "The organisation's vendors, by name (case-insensitive), internal ones included.",
        response: { 200: envelopeOf(z.array(Vendor)) },
      },
    },
    async (request, reply) => sendList(reply, vendors.pages(principalOf(request).orgId)),
  );

  app.get(
    '/sscs/vendors/risk-summary',
    {
      config: read,
      schema: {
        tags,
        summary: 'Vendor risk summary',
        description:
          'Counts by risk tier and assessment status, unassessed tier-1 vendors and a 0–100 score: the ' +
          'tier-weighted share of vendors not yet assessed.',
        response: { 200: envelopeOf(VendorRiskSummary) },
      },
    },
    async (request) => ok(await vendors.riskSummary(principalOf(request).orgId)),
  );

  app.post(
    '/sscs/vendors',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a vendor',
        description:
          'Adds a vendor (name, type, risk tier 1–3, assessment status); the change is audited. ' +
          IDEMPOTENT_DESCRIPTION,
        body: VendorBody,
        response: { 201: envelopeOf(Vendor) },
        'x-operation': { errors: IDEMPOTENCY_ERRORS },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = principalOf(request);
      return idempotentCreate(
        idempotency,
        request,
        reply,
        () => jsonFingerprint(request),
        () => vendors.create(orgId, userId, request.body).then((data) => ({ data })),
      );
    },
  );

  app.put(
    '/sscs/vendors/:vendorId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Replace a vendor',
        description:
          'Full replacement: optional fields left out are cleared. Another organisation’s id is 404.',
        params: VendorParams,
        body: VendorBody,
        response: { 200: envelopeOf(Vendor) },
        'x-operation': { errors: NOT_FOUND_ERRORS },
      },
    },
    async (request) => {
      const { orgId, userId } = principalOf(request);
      return ok(await vendors.replace(orgId, userId, request.params.vendorId, request.body));
    },
  );
}
