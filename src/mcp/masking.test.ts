import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { maskAnswer, maskEmails, maskResult } from './masking.ts';

// Every expected value below is written out by hand from the rule in docs (first character + `***@` + domain;
// person names → `[redacted]`), never derived from the implementation's own tables.

describe('masking: e-mail addresses', () => {
  const cases: Array<[string, string]> = [
    ['alice@example.com', 'a***@example.com'],
    ['admin@localhost', 'a***@localhost'],
    ['First.Last+tag@mail.corp.example.org', 'F***@mail.corp.example.org'],
    ['Contact bob@vendor.io or carol_x@b-c.example.com.', 'Contact b***@vendor.io or c***@b-c.example.com.'],
    ['<dave@x.example>', '<d***@x.example>'],
    ['no address here', 'no address here'],
    ['already a***@example.com', 'already a***@example.com'],
    ['usr_01jabc', 'usr_01jabc'],
    ['@handle and trailing@', '@handle and trailing@'],
    // A domain label neither starts nor ends with '-'; what follows the last good label stays as it was.
    ['x@abc-.example', 'x***@abc-.example'],
    ['x@-abc.example', 'x@-abc.example'],
    // Address literals and quoted local parts (RFC 5321) are addresses too.
    ['c@[10.0.0.1]', 'c***@[10.0.0.1]'],
    ['write to ops@[IPv6:2001:db8::1] now', 'write to o***@[IPv6:2001:db8::1] now'],
    ['"x y"@a.example', '"***@a.example'],
    ['say "hi"@a.example', 'say "***@a.example'],
    ['c@[10.0.0.1', 'c@[10.0.0.1'],
    // Two addresses sharing characters: the second starts after the first one's domain.
    ['a@b.c@d.example', 'a***@b.c@d.example'],
    ['a@-b@c.example', 'a@-***@c.example'],
    // A package URL's '@' separates its version: the purl stays whole, an address beside it is masked.
    ['pkg:pypi/jinja2@2.10 by bob@vendor.io', 'pkg:pypi/jinja2@2.10 by b***@vendor.io'],
    ['"pkg:maven/org.example/lib@1.0.Final"', '"pkg:maven/org.example/lib@1.0.Final"'],
    ['see docs/alice@example.com', 'see docs/a***@example.com'],
  ];
  for (const [input, expected] of cases) {
    it(`masks ${JSON.stringify(input)}`, () => assert.equal(maskEmails(input), expected));
  }

  it('is idempotent', () => {
    const once = maskEmails('x: eve@example.com, f@g.example, "q r"@h.example, s@[10.0.0.2]');
    assert.equal(once, 'x: e***@example.com, f***@g.example, "***@h.example, s***@[10.0.0.2]');
    assert.equal(maskEmails(once), once);
  });
});

describe('masking: linear time on adversarial text', () => {
  const MB = 1 << 20;
  // Shapes that made the former regular expression re-read the local part from every start position.
  const adversarial: Array<[string, string, string]> = [
    ['one long local part with no domain', `${'a'.repeat(MB - 2)}@-`, `${'a'.repeat(MB - 2)}@-`],
    [
      'many 2 KB local parts with no domain',
      `${'a'.repeat(2046)}@-`.repeat(512),
      `${'a'.repeat(2046)}@-`.repeat(512),
    ],
    // Each address ends at the next '@', which then has no local part: every other 'a@a' is an address.
    ['an @ between every letter', 'a@'.repeat(MB / 2), 'a***@a@'.repeat(MB / 4)],
    ['quotes without an address', '"'.repeat(MB - 1) + '@', '"'.repeat(MB - 1) + '@'],
    ['dots and hyphens after @', `a@${'a-.'.repeat(MB / 3)}`, `a***@a${'-.a'.repeat(MB / 3 - 1)}-.`],
  ];

  // The former pattern needed ~5·10^11 steps for the first shape; a guard far above the one-pass time (a few
  // ms, see BENCHMARKS.md) fails it without timing the pass itself.
  for (const [what, input, expected] of adversarial) {
    it(`1 MB: ${what}`, { timeout: 5_000 }, () => {
      assert.equal(maskEmails(input), expected);
    });
  }

  it('reads each character a bounded number of times (counted, not timed)', () => {
    const original = String.prototype.charCodeAt;
    let reads = 0;
    String.prototype.charCodeAt = function (this: string, index: number) {
      reads++;
      return original.call(this, index);
    };
    const counts: number[] = [];
    try {
      for (const [, input] of adversarial) {
        reads = 0;
        maskEmails(input);
        counts.push(reads / input.length);
      }
    } finally {
      String.prototype.charCodeAt = original;
    }
    // A pass that looks back from each '@' only to the previous one reads every character at most ~3 times.
    for (const perChar of counts) assert.ok(perChar <= 4, `${perChar} reads per character`);
  });
});

describe('masking: tool results', () => {
  it('redacts the person-name keys at any depth and keeps ids and other values', () => {
    const input = {
      id: 'idn_1',
      items: [
        {
          displayName: 'A',
          fullName: 'B',
          ownerName: 'C',
          managerName: 'D',
          reviewerName: 'E',
          holderName: 'F',
          actorName: 'G',
          requesterName: 'H',
          name: 'Payroll',
        },
        { holderName: null, name: 'Payroll', ownerId: 'usr_2', email: 'grace@example.com' },
      ],
      nested: { deeper: { reviewerName: 'Heidi Hopper', count: 3, ok: true } },
    };
    assert.deepEqual(maskResult(input), {
      id: 'idn_1',
      items: [
        {
          displayName: '[redacted]',
          fullName: '[redacted]',
          ownerName: '[redacted]',
          managerName: '[redacted]',
          reviewerName: '[redacted]',
          holderName: '[redacted]',
          actorName: '[redacted]',
          requesterName: '[redacted]',
          name: 'Payroll',
        },
        { holderName: null, name: 'Payroll', ownerId: 'usr_2', email: 'g***@example.com' },
      ],
      nested: { deeper: { reviewerName: '[redacted]', count: 3, ok: true } },
    });
    assert.equal(input.nested.deeper.reviewerName, 'Heidi Hopper', 'the input is untouched');
  });

  it("a tool's answer: masked, its null members left out at any depth, null array elements kept", () => {
    const answer = {
      owner: null,
      items: [
        { holderName: null, reviewerName: 'Heidi Hopper', note: 'ask grace@example.com', due: null },
        null,
        [{ x: null, y: 0 }],
      ],
      nested: { deeper: { gone: null, kept: false, empty: '' } },
    };
    assert.deepEqual(maskAnswer(answer, ['Heidi Hopper']), {
      items: [{ reviewerName: '[redacted]', note: 'ask g***@example.com' }, null, [{ y: 0 }]],
      nested: { deeper: { kept: false, empty: '' } },
    });
    assert.equal(answer.items[0]!.hasOwnProperty('due'), true, 'the input is untouched');
  });

  it('masks e-mail addresses used as keys', () => {
    assert.deepEqual(maskResult({ 'ivan@example.com': 2 }), { 'i***@example.com': 2 });
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
        '[redacted]': 1,
      },
    );
  });

  it('redacts a name written with other white space between its words, or stored with a doubled space', () => {
    assert.deepEqual(
      maskResult({ a: 'by Alice  Wong', b: 'by Alice\nWong', c: 'by Carl  Orff' }, [
        'Alice Wong',
        'Carl  Orff',
      ]),
      {
        a: 'by [redacted]',
        b: 'by [redacted]',
        c: 'by [redacted]',
      },
    );
  });

  it('a name followed by 1 MB of blanks is read once, not once per blank', { timeout: 5_000 }, () => {
    const names = Array.from({ length: 200 }, (_, i) => `Alice Wong${i}`);
    const text = `Alice${' '.repeat(1 << 20)}x`;
    assert.deepEqual(maskResult({ text }, names), { text });
  });

  it('a digit after a blank in a name is a literal, not part of a back-reference', () => {
    assert.deepEqual(maskResult({ t: 'Agent 7x and Agent 1x' }, ['Agent 7x']), {
      t: '[redacted] and Agent 1x',
    });
  });
});
