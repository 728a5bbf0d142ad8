import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { defaultConfig } from '../../config.ts';
import type { Store } from '../../db/connect.ts';
import { createServices } from '../../services.ts';
import { createOrg, type TestOrg } from '../../../test/support/app.ts';
import { createTestStore, DIALECTS } from '../../../test/support/store.ts';
import { FIXTURE } from '../governance.fixture.ts';
import { bundleJsonSchema } from './bundle.schema.ts';
import { csvPath, csvToBundle, parseCsv } from './csv.ts';
import { importBundle, importCsv } from './import.service.ts';
import { offboardingViolations } from '../access/accounts.service.ts';
import { getSettings } from '../common.ts';

describe('governance bundle schema', () => {
  it('the committed JSON Schema is the one generated from the validator', () => {
    const committed = JSON.parse(
      readFileSync(new URL('../../../schemas/governance-bundle.schema.json', import.meta.url), 'utf8'),
    );
    assert.deepEqual(
      committed,
      bundleJsonSchema(),
      'regenerate schemas/governance-bundle.schema.json (see docs/governance-tools.md)',
    );
  });

  it('parses RFC 4180 CSV and maps paths back to lines', () => {
    assert.deepEqual(parseCsv('a,b\r\n"x, y","say ""hi"""\n3,\n'), [
      { cells: ['a', 'b'], line: 1 },
      { cells: ['x, y', 'say "hi"'], line: 2 },
      { cells: ['3', ''], line: 3 },
    ]);
    assert.deepEqual(csvToBundle('identities', 'external_id,display_name,status\nE1,Ann Lee,\n'), {
      bundle: { version: 1, identities: [{ externalId: 'E1', displayName: 'Ann Lee' }] },
      lines: [2],
    });
    assert.equal(csvPath('accounts', 'accounts[3].lastLoginAt', [2, 3, 4, 9]), 'line 9 (last_login_at)');
    assert.throws(() => parseCsv('a,b\n"open,1\n'), { code: 'VALIDATION_FAILED' });
    // department_head is a boolean column; leave_started_at a time.
    assert.deepEqual(
      csvToBundle(
        'identities',
        'external_id,department_head,leave_started_at\nE1,yes,2026-06-01\nE2,No,\nE3,maybe,\n',
      ).bundle.identities,
      [
        { externalId: 'E1', departmentHead: true, leaveStartedAt: '2026-06-01' },
        { externalId: 'E2', departmentHead: false },
        { externalId: 'E3', departmentHead: 'maybe' },
      ],
    );
  });

  it('numbers a record by the line it starts on when quoted fields span lines (CRLF and LF)', () => {
    // Line 1 header; record 1 on lines 2-3; line 4 blank; record 2 on lines 5-7; record 3 on line 8.
    const crlf = readFileSync(new URL('./testdata/identities-multiline.csv', import.meta.url), 'utf8');
    const lf = crlf.replaceAll('\r\n', '\n');
    for (const [text, eol] of [
      [crlf, '\r\n'],
      [lf, '\n'],
    ] as const) {
      const { bundle, lines } = csvToBundle('identities', text);
      assert.deepEqual(lines, [2, 5, 8]);
      const rows = bundle.identities as Record<string, string>[];
      assert.equal(rows[1]?.department, `Legal${eol}and${eol}Compliance`);
      assert.equal(rows[2]?.displayName, 'Cy "CJ" Jones');
    }
  });
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: governance import`, () => {
    let store: Store;
    let org: TestOrg;
    before(async () => {
      store = await createTestStore(dialect);
      org = await createOrg(createServices(store, defaultConfig()));
    });
    after(() => store.close());
    const count = async (table: 'gov_identities' | 'gov_grants') =>
      Number(
        (
          await store.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('org_id', '=', org.id)
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('rejects an invalid bundle with exact paths and writes nothing', async () => {
      const bad = {
        version: 1,
        identities: [
          { externalId: 'x', displayName: 'A B', employmentType: 'robot', status: 'active', shoeSize: 9 },
        ],
        extra: true,
      };
      await assert.rejects(
        importBundle(store.db, org.id, org.userId, bad),
        (error: { code: string; details: { path: string }[] }) => {
          assert.equal(error.code, 'VALIDATION_FAILED');
          assert.deepEqual(error.details.map((d) => d.path).sort(), [
            'extra',
            'identities[0].employmentType',
            'identities[0].shoeSize',
          ]);
          return true;
        },
      );
      const dangling = {
        version: 1,
        identities: [{ externalId: 'x', displayName: 'A B', employmentType: 'employee', status: 'active' }],
        accounts: [
          {
            externalId: 'a',
            systemExternalId: 'nope',
            username: 'u',
            type: 'human',
            status: 'active',
            createdAt: '2026-01-01',
          },
        ],
      };
      await assert.rejects(
        importBundle(store.db, org.id, org.userId, dangling),
        (error: { details: { path: string; message: string }[] }) => {
          assert.deepEqual(error.details, [
            {
              path: 'accounts[0].systemExternalId',
              message: "unknown system 'nope' (not in this bundle and not imported before)",
            },
          ]);
          return true;
        },
      );
      assert.equal(await count('gov_identities'), 0, 'the identities of the failed bundle were rolled back');
    });

    it('imports, then re-imports idempotently, then applies one change', async () => {
      const first = await importBundle(store.db, org.id, org.userId, FIXTURE);
      assert.deepEqual(first.sections.identities, { created: 10, updated: 0, unchanged: 0 });
      assert.deepEqual(first.sections.grants, { created: 25, updated: 0, unchanged: 0 });
      assert.deepEqual(first.sections.sodExceptions, { created: 2, updated: 0, unchanged: 0 });
      assert.deepEqual(first.sections.soaEntries, { created: 6, updated: 0, unchanged: 0 });
      const again = await importBundle(store.db, org.id, org.userId, FIXTURE);
      for (const [section, summary] of Object.entries(again.sections))
        assert.equal(summary.created + summary.updated, 0, `${section} unchanged`);
      assert.equal(await count('gov_grants'), 25);
      const moved = {
        version: 1 as const,
        accounts: [{ ...FIXTURE.accounts![0]!, identityExternalId: 'i2' }],
        identities: [{ ...FIXTURE.identities![0]!, title: 'Staff Engineer' }],
      };
      const third = await importBundle(store.db, org.id, org.userId, moved);
      assert.deepEqual(third.sections.identities, { created: 0, updated: 1, unchanged: 0 });
      assert.deepEqual(third.sections.accounts, { created: 0, updated: 1, unchanged: 0 });
      const grants = await store.db
        .selectFrom('gov_grants as g')
        .innerJoin('gov_accounts as a', 'a.id', 'g.account_id')
        .select(['g.identity_id as gi', 'a.identity_id as ai'])
        .where('g.org_id', '=', org.id)
        .where('a.external_id', '=', 'a1')
        .execute();
      assert.ok(
        grants.length === 5 && grants.every((g) => g.gi === g.ai),
        'grant copies follow the account to its new identity',
      );
      const audit = await store.db
        .selectFrom('audit_log')
        .select('action')
        .where('org_id', '=', org.id)
        .where('action', '=', 'governance.import')
        .execute();
      assert.equal(audit.length, 3);
    });

    it('reads a date-only time as midnight in the organisation’s time zone (default UTC)', async () => {
      const services = createServices(store, defaultConfig());
      const berlin = await createOrg(services);
      const bundle = {
        version: 1,
        settings: { timeZone: 'Europe/Berlin' },
        identities: [
          {
            externalId: 'tz1',
            displayName: 'Tia Zone',
            employmentType: 'employee',
            status: 'terminated',
            hireDate: '2020-01-15T09:00:00+02:00',
            terminationDate: '2026-06-10',
          },
        ],
        systems: [{ externalId: 's1', name: 'Directory', criticality: 'critical' }],
        accounts: [
          {
            externalId: 'a1',
            systemExternalId: 's1',
            username: 'tia',
            identityExternalId: 'tz1',
            type: 'human',
            status: 'active',
            createdAt: '2020-01-15',
          },
        ],
      };
      await importBundle(store.db, berlin.id, berlin.userId, bundle);
      assert.equal((await getSettings(store.db, berlin.id)).timeZone, 'Europe/Berlin');
      const stored = await store.db
        .selectFrom('gov_identities')
        .select(['termination_date', 'hire_date'])
        .where('org_id', '=', berlin.id)
        .executeTakeFirstOrThrow();
      // Summer time in Berlin is UTC+2; a time with an offset keeps its own.
      assert.deepEqual(stored, {
        termination_date: '2026-06-09T22:00:00.000Z',
        hire_date: '2020-01-15T07:00:00.000Z',
      });
      const account = await store.db
        .selectFrom('gov_accounts')
        .select('created_at')
        .where('org_id', '=', berlin.id)
        .executeTakeFirstOrThrow();
      assert.equal(account.created_at, '2020-01-14T23:00:00.000Z', 'winter time: UTC+1');
      // 24.5 h after Berlin midnight the 24 h SLA has passed (read as UTC midnight, it would not have).
      const r = await offboardingViolations(store.db, berlin.id, { asOf: '2026-06-10T22:30:00.000Z' });
      assert.deepEqual([r.violatingAccounts, r.items[0]?.hoursOverdue], [1, 0]);
      // The default organisation reads the same date as midnight UTC.
      const utc = await createOrg(services);
      await importBundle(store.db, utc.id, utc.userId, { ...bundle, settings: undefined });
      assert.equal(
        (await offboardingViolations(store.db, utc.id, { asOf: '2026-06-10T22:30:00.000Z' }))
          .violatingAccounts,
        0,
      );
      await assert.rejects(
        importBundle(store.db, utc.id, utc.userId, { version: 1, settings: { timeZone: 'Mars/Olympus' } }),
        (error: { details: { path: string }[] }) => {
          assert.deepEqual(
            error.details.map((d) => d.path),
            ['settings.timeZone'],
          );
          return true;
        },
      );
    });

    it('imports identities from CSV and names CSV lines in errors', async () => {
      const csv =
        'external_id,display_name,email,department,employment_type,status\r\nhr-1,"Lee, Ann",ann@corp.example.com,Legal,employee,active\r\nhr-2,Bo Chen,,Legal,contractor,active\r\n';
      const summary = await importCsv(store.db, org.id, org.userId, 'identities', csv);
      assert.deepEqual(summary.sections.identities, { created: 2, updated: 0, unchanged: 0 });
      const bad = 'external_id,display_name,employment_type,status\nhr-3,Cy,employee,gone\n';
      await assert.rejects(
        importCsv(store.db, org.id, org.userId, 'identities', bad),
        (error: { details: { path: string }[] }) => {
          assert.deepEqual(
            error.details.map((d) => d.path),
            ['line 2 (status)'],
          );
          return true;
        },
      );
      const multiline = readFileSync(new URL('./testdata/identities-multiline.csv', import.meta.url), 'utf8');
      await assert.rejects(
        importCsv(store.db, org.id, org.userId, 'identities', multiline),
        (error: { details: { path: string }[] }) => {
          assert.deepEqual(
            error.details.map((d) => d.path),
            ['line 5 (status)', 'line 8 (employment_type)'],
          );
          return true;
        },
      );
      await assert.rejects(importCsv(store.db, org.id, org.userId, 'accounts', 'id,name\n1,2\n'), {
        code: 'VALIDATION_FAILED',
      });
    });
  });
}
