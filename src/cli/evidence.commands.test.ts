// `bulwark evidence collect|sla` and `bulwark soa export` in process (test/support/cli.ts): the answer without
// an ISO project, the SLAs with a refusal, and the SoA file once a project exists.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { freshDatabaseUrl, runMain } from '../../test/support/cli.ts';
import { DIALECTS } from '../../test/support/store.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: bulwark evidence and soa`, () => {
    it('collects, sets the SLAs, refuses bad ones and exports the Statement of Applicability', async (t) => {
      const db = await freshDatabaseUrl(dialect);
      const dir = mkdtempSync(join(tmpdir(), 'bulwark-evidence-cli-'));
      t.after(async () => {
        rmSync(dir, { recursive: true, force: true });
        await db.cleanup();
      });
      const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir };
      const run = (...args: string[]) => runMain(args, env);
      assert.equal((await run('org', 'create', 'acme')).code, 0);

      // No ISO project yet: the run answers, records nothing, and says so.
      const collected = await run('evidence', 'collect', '--org', 'acme', '--json');
      assert.equal(collected.code, 0);
      const answer = JSON.parse(collected.stdout) as {
        org: string;
        projectId: string | null;
        passed: number;
        failed: number;
        results: { collector: string; passed: boolean; reasons: string[]; evidenceIds: string[] }[];
      };
      assert.equal(answer.org, 'acme');
      assert.equal(answer.projectId, null);
      assert.deepEqual(
        answer.results.map((r) => [r.collector, r.passed, r.reasons, r.evidenceIds]),
        [
          [
            'vulnerability-management',
            false,
            ['vulnerability data not synced within 48 hours: osv (never synced), kev (never synced)'],
            [],
          ],
          ['software-inventory', true, [], []],
          ['supplier-relationships', true, [], []],
          ['access-rights', false, ['no access review campaign has come due'], []],
          ['policy-compliance', true, [], []],
        ],
      );
      const human = await run('evidence', 'collect', '--org', 'acme');
      assert.equal(
        human.stdout,
        [
          'Evidence collected for acme: 3 passed, 2 failed',
          '  FAIL  Vulnerability management   A.8.8',
          '        vulnerability data not synced within 48 hours: osv (never synced), kev (never synced)',
          '  PASS  Software inventory         A.5.9, A.8.19',
          '  PASS  Supplier relationships     A.5.19, A.5.20, A.5.21, A.5.22',
          '  FAIL  Access rights              A.5.15, A.5.18, A.8.2',
          '        no access review campaign has come due',
          '  PASS  Policy compliance          A.5.36',
          'No active ISO 27001 project: nothing was recorded as evidence.',
          '',
        ].join('\n'),
      );

      // The SLAs: shown, set, and refused when CRITICAL would get longer than HIGH (nothing changes).
      assert.equal(
        (await run('evidence', 'sla', '--org', 'acme')).stdout,
        'acme: CRITICAL findings within 15 days, HIGH within 30 days\n',
      );
      assert.equal(
        (await run('evidence', 'sla', '--org', 'acme', '--critical-days', '7', '--high-days', '21')).code,
        0,
      );
      const refused = await run(
        'evidence',
        'sla',
        '--org',
        'acme',
        '--critical-days',
        '40',
        '--high-days',
        '30',
      );
      assert.equal(refused.code, 2);
      assert.equal(
        refused.stderr,
        'error: vulnerabilitySlaDays is not valid\n  body.vulnerabilitySlaDays.criticalDays: CRITICAL findings cannot be given longer than HIGH ones\n',
      );
      assert.deepEqual(JSON.parse((await run('evidence', 'sla', '--org', 'acme', '--json')).stdout), {
        org: 'acme',
        vulnerabilitySlaDays: { criticalDays: 7, highDays: 21 },
      });
      assert.equal((await run('evidence', 'audit', '--org', 'acme')).code, 2);

      // The SoA needs a project; with one, the CSV has the header and one row per control.
      const missing = await run('soa', 'export', '--org', 'acme');
      assert.equal(missing.code, 1);
      assert.match(missing.stderr, /^error: Active ISO project/);
      const bundle = join(dir, 'bundle.json');
      writeFileSync(
        bundle,
        JSON.stringify({
          version: 1,
          isoProjects: [{ externalId: 'p1', name: 'ISMS 2026', status: 'active' }],
        }),
      );
      assert.equal((await run('import', bundle, '--org', 'acme')).code, 0);
      assert.equal((await run('evidence', 'collect', '--org', 'acme')).code, 0);
      const out = join(dir, 'soa.csv');
      const exported = await run('soa', 'export', '--org', 'acme', '--format', 'csv', '--output', out);
      assert.equal(exported.code, 0);
      assert.equal(
        exported.stderr,
        `Wrote the Statement of Applicability of ISMS 2026 (93 controls) to ${out}\n`,
      );
      const lines = readFileSync(out, 'utf8').split('\r\n');
      assert.equal(lines.length, 95);
      // A.5.9 has the software inventory's accepted evidence, current now.
      const a59 = lines.find((l) => l.startsWith('A.5.9,'))!;
      assert.match(a59, /,current,1,evd_[0-9a-z]+,bulwark:software-inventory$/);
      assert.equal((await run('soa', 'export', '--org', 'acme', '--format', 'pdf')).code, 2);
    });
  });
}
