import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { maskEmails, maskResult, PERSON_NAME_KEYS, REDACTED } from './masking.ts';

describe('masking', () => {
  const emails: Array<[string, string]> = [
    ['alice@example.com', 'a***@example.com'],
    ['admin@localhost', 'a***@localhost'],
    ['First.Last+tag@mail.corp.example.org', 'F***@mail.corp.example.org'],
    ['Contact bob@vendor.io or carol_x@b-c.example.com.', 'Contact b***@vendor.io or c***@b-c.example.com.'],
    ['<dave@x.example>', '<d***@x.example>'],
    ['no address here', 'no address here'],
    ['a***@example.com', 'a***@example.com'],
    ['usr_01jabc', 'usr_01jabc'],
    ['@handle and trailing@', '@handle and trailing@'],
  ];
  for (const [input, expected] of emails) {
    it(`masks '${input}'`, () => assert.equal(maskEmails(input), expected));
  }

  it('is idempotent', () => {
    const once = maskEmails('x: eve@example.com, f@g.example');
    assert.equal(maskEmails(once), once);
    assert.equal(once, 'x: e***@example.com, f***@g.example');
  });

  it('redacts every person-name key at any depth and keeps ids and other values', () => {
    const input = {
      id: 'idn_1',
      items: [
        Object.fromEntries(PERSON_NAME_KEYS.map((k) => [k, `Name of ${k}`])),
        { holderName: null, name: 'Payroll', ownerId: 'usr_2', email: 'grace@example.com' },
      ],
      nested: { deeper: { reviewerName: 'Heidi Hopper', count: 3, ok: true } },
    };
    const masked = maskResult(input);
    assert.deepEqual(masked, {
      id: 'idn_1',
      items: [
        Object.fromEntries(PERSON_NAME_KEYS.map((k) => [k, REDACTED])),
        { holderName: null, name: 'Payroll', ownerId: 'usr_2', email: 'g***@example.com' },
      ],
      nested: { deeper: { reviewerName: REDACTED, count: 3, ok: true } },
    });
    // The input is untouched.
    assert.equal(input.nested.deeper.reviewerName, 'Heidi Hopper');
  });

  it('masks e-mail addresses used as keys', () => {
    assert.deepEqual(maskResult({ 'ivan@example.com': 2 }), { 'i***@example.com': 2 });
  });

  it('names exactly the agreed keys', () => {
    assert.deepEqual(PERSON_NAME_KEYS, [
      'displayName',
      'fullName',
      'ownerName',
      'managerName',
      'reviewerName',
      'holderName',
      'actorName',
      'requesterName',
    ]);
  });

  it('redacts known person names anywhere in free text, whole words only, any case', () => {
    const names = ['Alice Wong', 'Bob', 'Al', 'José Núñez'];
    assert.deepEqual(
      maskResult(
        {
          description:
            'Reported by alice wong; Bob and Bobby agreed. Al stays. José Núñez (jose@x.example) too.',
          ['Alice Wong']: 1,
        },
        names,
      ),
      {
        description:
          'Reported by [redacted]; [redacted] and Bobby agreed. Al stays. [redacted] (j***@x.example) too.',
        [REDACTED]: 1,
      },
    );
  });
});
