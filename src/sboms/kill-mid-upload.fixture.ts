// Child process for sbom-kill.test.ts: uploads an SBOM and parks while matching its first batch (after the pending
// SBOM and that batch's components are committed, docs/upload-fairness.md) until the test kills it. Usage: node kill-mid-upload.fixture.ts <store-url>
import { setTimeout as sleep } from 'node:timers/promises';
import { openStore } from '../db/connect.ts';
import { SbomService } from './sbom.service.ts';
import { OrganisationService } from '../tenancy/organisation.service.ts';

const store = openStore(process.argv[2]);
const org = await new OrganisationService(store.db).create({
  slug: `kill-${process.pid}`,
  plan: 'professional',
});
const sboms = new SbomService(store.db, {
  hooks: {
    matchComponents: async (db, orgId, sbomId, batch) => {
      // A batch is matched while its rows are written (sbom.service.ts): wait until they are committed.
      const stored = async () =>
        Number(
          (
            await db
              .selectFrom('sbom_components')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('org_id', '=', orgId)
              .where('sbom_id', '=', sbomId)
              .executeTakeFirstOrThrow()
          ).n,
        );
      while ((await stored()) < batch.length) await sleep(10);
      process.stdout.write(`INSIDE ${org.id}\n`);
      return new Promise<never>(() => {});
    },
    matchedAll: async () => {},
    countBySbom: async () => new Map(),
  },
});
const components = Array.from({ length: 5000 }, (_, i) => ({
  name: `c${i}`,
  version: '1.0.0',
  purl: `pkg:npm/c${i}@1.0.0`,
}));
const bytes = new TextEncoder().encode(
  JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', components }),
);
await sboms.upload(org.id, 'system', { fileName: 'kill.cdx.json', bytes }, {});
