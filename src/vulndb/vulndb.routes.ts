/** REST route of the vulnerability data's freshness: what `bulwark vulndb status --json` prints. */
import { z } from 'zod';
import type { App } from '../http/app-type.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import { principalOf } from '../tenancy/route-auth.ts';
import type { VulnSyncService } from './sync/sync.service.ts';

const VulnDbStatus = z.object({
  osv: z.array(
    z.object({
      ecosystem: z.string(),
      advisories: z.number().int(),
      lastSyncAt: z.string().nullable(),
      lastError: z.string().nullable(),
      source: z.string().nullable(),
    }),
  ),
  kev: z.object({
    entries: z.number().int(),
    catalogVersion: z.string().nullable(),
    lastSyncAt: z.string().nullable(),
  }),
  epss: z.object({
    entries: z.number().int(),
    scoreDate: z.string().nullable(),
    lastSyncAt: z.string().nullable(),
  }),
  ecosystemsWithoutAdvisories: z.array(z.string()),
});

export async function vulndbRoutes(app: App, { vulndbSync }: { vulndbSync: VulnSyncService }): Promise<void> {
  app.get(
    '/vulndb/status',
    {
      config: { auth: { scope: 'sbom:read' } },
      schema: {
        tags: ['vulndb'],
        summary: 'Vulnerability data freshness',
        description:
          'What `bulwark vulndb status --json` prints: advisories, last sync and last error per OSV ecosystem, ' +
          'KEV and EPSS entries with their catalog or score date, and the ecosystems of this organisation’s ' +
          'components for which no advisory is held. Needs sbom:read (any signed-in role).',
        querystring: z.object({}).strict(),
        response: { 200: envelopeOf(VulnDbStatus) },
      },
    },
    async (request) => ok(await vulndbSync.status(principalOf(request).orgId)),
  );
}
