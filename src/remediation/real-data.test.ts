// Paths and plans on real SBOMs and the real Go and PyPI advisories (the shared real-world test data), with the expected values worked
// out by hand from the advisories' ranges (each noted beside its package).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { build, createOrg, type TestOrg } from '../../test/support/app.ts';
import { sharedDataPath, sharedDataSkip } from '../../test/support/shared-data.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { uploadFile } from '../../test/support/upload.ts';
import type { App } from '../http/app-type.ts';
import type { PlanItem } from './upgrade-plan.ts';

const skip = sharedDataSkip('osv', 'sboms');

async function planOf(app: App, org: TestOrg, file: string) {
  const res = await uploadFile(
    app,
    org,
    readFileSync(sharedDataPath(`sboms/${file}`)),
    file.split('/').pop()!,
  );
  assert.equal(res.statusCode, 201, res.body);
  const id: string = res.json().data.id;
  const plan: PlanItem[] = (
    await app.inject({ url: `/api/v1/sscs/sboms/${id}/remediation`, headers: org.bearer('read') })
  ).json().data;
  const findings: { vulnerabilityId: string; direct: boolean | null; paths: string[][] }[] = (
    await app.inject({ url: `/api/v1/sscs/findings?sbomId=${id}`, headers: org.bearer('read') })
  ).json().data;
  return { plan, findings };
}

const medium = (n: number) => ({ total: n, bySeverity: { CRITICAL: 0, HIGH: 0, MEDIUM: n, LOW: 0 }, kev: 0 });
const go = (name: string) => `pkg:golang/${name}`;
const SENTRY = go('github.com/getsentry/sentry-go@v0.8.0');

for (const dialect of DIALECTS) {
  describe(`${dialect}: remediation on the real advisories`, { skip }, () => {
    it('plans proton-bridge (Go, CycloneDX with its module graph) and an Alpine image with pip (SPDX)', async (t) => {
      const { app, services } = await build(t, dialect);
      await services.vulndb.import([sharedDataPath('osv/PyPI-all.zip'), sharedDataPath('osv/Go-all.zip')]);
      const org = await createOrg(services);
      const { plan, findings } = await planOf(
        app,
        org,
        'cyclonedx/proton-bridge__proton-bridge-v1.8.0.bom.json',
      );
      assert.equal(plan.length, 14);
      const item = (purl: string) => {
        const found = plan.find((i) => i.purl === purl)!;
        return { ...found, findingIds: found.findingIds.length, rank: plan.indexOf(found) };
      };
      // GO-2022-0380 and GO-2022-0402 fixed 1.1.0, GO-2022-0386 fixed 1.2.3-0.20210314221642-a826c77dc9d2: only
      // the last leaves all three. Reached only through sentry-go → iris → neffos → nats.go.
      assert.deepEqual(item(go('github.com/nats-io/jwt')), {
        purl: go('github.com/nats-io/jwt'),
        currentVersion: 'v0.3.0',
        targetVersion: '1.2.3-0.20210314221642-a826c77dc9d2',
        targetAbove: null,
        fixes: medium(3),
        remaining: 0,
        findingIds: 3,
        introducedBy: [SENTRY],
        rank: 3,
      });
      // GO-2021-0113 fixed 0.3.7, GO-2022-1059 0.3.8, GO-2026-5970 0.39.0. A direct dependency, and also go-message's.
      assert.deepEqual(item(go('golang.org/x/text')), {
        purl: go('golang.org/x/text'),
        currentVersion: 'v0.3.5-0.20201125200606-c27b9fd57aec',
        targetVersion: '0.39.0',
        targetAbove: null,
        fixes: medium(3),
        remaining: 0,
        findingIds: 3,
        introducedBy: [
          go('github.com/emersion/go-message@v0.12.1-0.20201221184100-40c3f864532b'),
          go('golang.org/x/text@v0.3.5-0.20201125200606-c27b9fd57aec'),
        ],
        rank: 4,
      });
      // GO-2022-0603: fixed 3.0.0-20220521103104-8f96da9f5d5e, above the 2020 pseudo-version in use.
      assert.deepEqual(
        [item(go('gopkg.in/yaml.v3')).targetVersion, item(go('gopkg.in/yaml.v3')).introducedBy],
        [
          '3.0.0-20220521103104-8f96da9f5d5e',
          [
            go('github.com/ProtonMail/go-rfc5322@v0.5.0'),
            go('github.com/stretchr/testify@v1.6.1'),
            go('github.com/vmihailenco/msgpack/v5@v5.1.3'),
          ],
        ],
      );
      // GO-2020-0017 has only `introduced`: no version fixes it, so it comes last with nothing fixed.
      assert.deepEqual(item(go('github.com/dgrijalva/jwt-go')), {
        purl: go('github.com/dgrijalva/jwt-go'),
        currentVersion: 'v3.2.0',
        targetVersion: null,
        targetAbove: null,
        fixes: medium(0),
        remaining: 1,
        findingIds: 1,
        introducedBy: [SENTRY],
        rank: 13,
      });
      const jwt = findings.find((f) => f.vulnerabilityId === 'CVE-2021-3127')!;
      assert.deepEqual(
        [jwt.direct, jwt.paths],
        [
          false,
          [
            [
              SENTRY,
              go('github.com/kataras/iris/v12@v12.1.8'),
              go('github.com/kataras/neffos@v0.0.14'),
              go('github.com/nats-io/nats.go@v1.9.1'),
              go('github.com/nats-io/jwt@v0.3.0'),
            ],
          ],
        ],
      );

      // PYSEC-2023-228: pip fixed 23.3; pip is a package of the image itself (direct).
      const image = await planOf(app, org, 'spdx/balenalib-amd64-alpine-python.syft.spdx-2.3.json');
      assert.deepEqual(image.plan, [
        {
          purl: 'pkg:pypi/pip',
          currentVersion: '22.3.1',
          targetVersion: '23.3',
          targetAbove: null,
          fixes: { total: 1, bySeverity: { CRITICAL: 0, HIGH: 0, MEDIUM: 0, LOW: 1 }, kev: 0 },
          remaining: 0,
          findingIds: image.plan[0]!.findingIds,
          introducedBy: ['pkg:pypi/pip@22.3.1'],
        },
      ]);
      assert.equal(image.plan[0]!.findingIds.length, 1);
      assert.deepEqual(
        image.findings.map((f) => [f.vulnerabilityId, f.direct, f.paths]),
        [['CVE-2023-5752', true, [['pkg:pypi/pip@22.3.1']]]],
      );
    });
  });
}
