/** REST route of the upgrade plan: GET /sscs/sboms/{id}/remediation (docs/remediation.md). */
import type { App } from '../http/app-type.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import { principalOf } from '../tenancy/route-auth.ts';
import { SbomParams } from '../sboms/sbom.schemas.ts';
import { FEATURES } from '../tenancy/plans.ts';
import { NoQuery, RemediationPlan } from './remediation.schemas.ts';
import type { RemediationService } from './remediation.service.ts';

const read = { auth: { scope: 'sbom:read', feature: FEATURES.supplyChainSecurity } } as const;

export async function remediationRoutes(
  app: App,
  { remediation }: { remediation: RemediationService },
): Promise<void> {
  app.get(
    '/sscs/sboms/:sbomId/remediation',
    {
      config: read,
      schema: {
        tags: ['sboms'],
        operationId: 'getSbomRemediation',
        summary: "An SBOM's upgrade plan",
        description:
          'Per vulnerable package and version: the lowest version the advisories name that leaves its open ' +
          'findings (or the one leaving most), what it fixes by severity and KEV, what remains, and the direct ' +
          'dependencies that bring it in; most valuable first. Triaged findings and withdrawn advisories do ' +
          "not count. Another organisation's SBOM is 404.",
        params: SbomParams,
        querystring: NoQuery,
        response: { 200: envelopeOf(RemediationPlan) },
      },
    },
    async (request) => ok(await remediation.plan(principalOf(request), request.params.sbomId)),
  );
}
