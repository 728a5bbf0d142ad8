// `bulwark triage-rule` in process (main(argv, io)) on both dialects: create, list, apply a file twice, delete,
// and the errors an operator meets (a bad file names the rule and field, exit 2).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { freshDatabaseUrl } from '../../test/support/cli.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { main } from './main.ts';

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`) });
  return { code, out, err };
}

const ONE = `name: test tooling
match:
  purls: [pkg:npm/jest, "pkg:npm/@types/*"]
analysis:
  status: false_positive
  justification: code_not_reachable
  detail: only in the test build
`;

const TWO = `rules:
  - name: test tooling
    match: { purls: [pkg:npm/jest] }
    analysis: { status: false_positive, detail: only in the test build }
  - name: log4shell accepted on legacy
    match: { vulnerabilityIds: [CVE-2021-44228], assetNames: [legacy-portal] }
    analysis: { status: accepted_risk, response: [will_not_fix], detail: decommissioned in Q3 }
    validUntil: "2099-01-01T00:00:00Z"
    priority: 80
`;

for (const dialect of DIALECTS) {
  describe(`${dialect}: bulwark triage-rule`, () => {
    it('creates, lists, applies a file idempotently, deletes; a bad file is exit 2 naming the field', async (t) => {
      const db = await freshDatabaseUrl(dialect);
      const dir = mkdtempSync(join(tmpdir(), 'bulwark-trl-'));
      const saved = { url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR };
      process.env.DATABASE_URL = db.url;
      process.env.DATA_DIR = db.dataDir;
      t.after(async () => {
        process.env.DATABASE_URL = saved.url;
        process.env.DATA_DIR = saved.dataDir;
        rmSync(dir, { recursive: true });
        await db.cleanup();
      });
      const file = (name: string, text: string) => {
        writeFileSync(join(dir, name), text);
        return join(dir, name);
      };
      assert.equal((await run(['org', 'create', 'acme', '--json'])).code, 0);

      const created = await run(['triage-rule', 'create', '--org', 'acme', file('one.yaml', ONE), '--json']);
      assert.equal(created.code, 0, created.err);
      const rule = JSON.parse(created.out);
      assert.match(rule.id, /^trl_/);
      assert.deepEqual(
        [rule.name, rule.match, rule.analysis, rule.priority, rule.effect],
        [
          'test tooling',
          { purls: ['pkg:npm/jest', 'pkg:npm/@types/*'] },
          {
            status: 'false_positive',
            justification: 'code_not_reachable',
            response: [],
            detail: 'only in the test build',
          },
          50,
          { triaged: 0, reopened: 0 },
        ],
      );

      const applied = await run(['triage-rule', 'apply', '--org', 'acme', file('two.yaml', TWO)]);
      assert.equal(applied.code, 0, applied.err);
      const lines = applied.out.trim().split('\n');
      assert.match(lines[0]!, new RegExp(`^replaced ${rule.id} test tooling: 0 triaged, 0 reopened$`));
      assert.match(lines[1]!, /^created trl_\w+ log4shell accepted on legacy: 0 triaged, 0 reopened$/);
      const again = await run(['triage-rule', 'apply', '--org', 'acme', join(dir, 'two.yaml'), '--json']);
      assert.deepEqual(
        JSON.parse(again.out).results.map((r: { action: string }) => r.action),
        ['replaced', 'replaced'],
      );
      const list = JSON.parse((await run(['triage-rule', 'list', '--org', 'acme', '--json'])).out).rules;
      assert.deepEqual(
        list.map((r: { name: string; priority: number; active: boolean }) => [r.name, r.priority, r.active]),
        [
          ['test tooling', 50, true],
          ['log4shell accepted on legacy', 80, true],
        ],
      );

      const deleted = await run(['triage-rule', 'delete', '--org', 'acme', rule.id]);
      assert.equal(deleted.code, 0, deleted.err);
      assert.equal(deleted.out, `Deleted ${rule.id} test tooling: 0 triaged, 0 reopened\n`);
      const missing = await run(['triage-rule', 'delete', '--org', 'acme', rule.id]);
      assert.deepEqual([missing.code, missing.err], [1, `error: Triage rule '${rule.id}' was not found\n`]);

      const bad = await run([
        'triage-rule',
        'apply',
        '--org',
        'acme',
        file(
          'bad.yaml',
          '- name: x\n  match: { purls: ["pkg:npm/a@1.0.0"] }\n  analysis: { status: open, detail: y }\n',
        ),
      ]);
      assert.equal(bad.code, 2);
      assert.match(bad.err, /rules\[0\]\.match\.purls\.0: must be a package URL without version/);
      assert.match(bad.err, /rules\[0\]\.analysis\.status: /);
      const usage = await run(['triage-rule', 'create', '--org', 'acme']);
      assert.equal(usage.code, 2);
      assert.match(usage.err, /<file\.yaml> is required/);
    });
  });
}
