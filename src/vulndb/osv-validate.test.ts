import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { readSourceFile } from './osv-sources.ts';
import { validateOsv } from './osv-validate.ts';
import { SHARED_DATA, sharedDataSkip } from '../../test/support/shared-data.ts';

// The published schema is read here, in the test only, to check that our own description agrees with it.
const OSV = fileURLToPath(new URL('osv/', SHARED_DATA));
const skip = sharedDataSkip('osv');

type PathsOf = (document: unknown) => string[];
interface Ajv {
  compile(
    schema: object,
  ): ((document: unknown) => boolean) & { errors?: { keyword: string; instancePath: string }[] | null };
}

/** The published schema checked by ajv, when both are at hand (ajv is no dependency of ours any more). */
async function officialPaths(): Promise<PathsOf | string> {
  if (skip) return skip;
  try {
    // Typed by hand: ajv arrives only through other packages, so its types are no contract of ours.
    const { Ajv2020 } = (await import('ajv/dist/2020.js')) as unknown as {
      Ajv2020: new (options: object) => Ajv;
    };
    const formats = (await import('ajv-formats')) as unknown as { default: (ajv: Ajv) => unknown };
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    formats.default(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(`${OSV}osv-schema.json`, 'utf8')) as object);
    return (document) => {
      if (validate(document)) return [];
      const paths = (validate.errors ?? [])
        .filter((e) => e.keyword !== 'if')
        .map((e) => e.instancePath || '/');
      return [...new Set(paths)].sort();
    };
  } catch {
    return 'ajv is not installed: only our own expectations are checked';
  }
}
const official = officialPaths();
const ours: PathsOf = (document) => validateOsv(document).map((i) => i.path);

const base = {
  id: 'GHSA-aaaa-bbbb-cccc',
  modified: '2024-01-02T03:04:05Z',
  affected: [
    {
      package: { ecosystem: 'PyPI', name: 'demo' },
      ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '1.0' }] }],
    },
  ],
};
const withRange = (range: object) => ({
  ...base,
  affected: [{ package: { ecosystem: 'PyPI', name: 'demo' }, ranges: [range] }],
});
const HASH = 'a'.repeat(40);
const R = '/affected/0/ranges/0';

// The 4th column: what ajv adds on top, where it points at the same fault from the items as well.
const CASES: [string, unknown, string[], string[]?][] = [
  ['a valid advisory', base, []],
  ['no id', { ...base, id: undefined }, ['/']],
  ['no modified', { ...base, modified: undefined }, ['/']],
  ['modified not a timestamp', { ...base, modified: 'yesterday' }, ['/modified']],
  ['modified with an impossible date', { ...base, modified: '2024-02-30T00:00:00Z' }, ['/modified']],
  [
    'withdrawn with an offset instead of Z',
    { ...base, withdrawn: '2024-01-02T03:04:05+01:00' },
    ['/withdrawn'],
  ],
  ['an unknown top-level field', { ...base, extra: 1 }, ['/']],
  ['aliases not strings', { ...base, aliases: ['CVE-1', 2] }, ['/aliases/1']],
  ['summary a number', { ...base, summary: 3 }, ['/summary']],
  [
    'package without name',
    { ...base, affected: [{ package: { ecosystem: 'PyPI' } }] },
    ['/affected/0/package'],
  ],
  [
    'versions not strings',
    { ...base, affected: [{ package: { ecosystem: 'PyPI', name: 'x' }, versions: [1] }] },
    ['/affected/0/versions/0'],
  ],
  ['unknown range type', withRange({ type: 'SOMETHING', events: [{ introduced: '0' }] }), [`${R}/type`]],
  ['range without events', withRange({ type: 'SEMVER' }), [R]],
  ['empty events', withRange({ type: 'SEMVER', events: [] }), [`${R}/events`]],
  [
    'an event with two kinds',
    withRange({ type: 'SEMVER', events: [{ introduced: '0', fixed: '1' }] }),
    [`${R}/events/0`],
  ],
  [
    'an event with no kind',
    withRange({ type: 'SEMVER', events: [{ introduced: '0' }, { other: '1' }] }),
    [`${R}/events/1`],
  ],
  [
    'no introduced event',
    withRange({ type: 'SEMVER', events: [{ fixed: '1' }] }),
    [`${R}/events`],
    [`${R}/events/0`],
  ],
  [
    'fixed and last_affected together',
    withRange({ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1' }, { last_affected: '2' }] }),
    [R],
  ],
  ['GIT range without repo', withRange({ type: 'GIT', events: [{ introduced: HASH }] }), [R]],
  [
    'GIT range with a short hash',
    withRange({ type: 'GIT', repo: 'r', events: [{ introduced: '0' }, { fixed: 'abc123' }] }),
    [`${R}/events/1`, `${R}/events/1/fixed`],
  ],
  [
    'GIT range with full hashes',
    withRange({ type: 'GIT', repo: 'r', events: [{ introduced: '0' }, { fixed: HASH }] }),
    [],
  ],
  ['unknown severity type', { ...base, severity: [{ type: 'CVSS_V9', score: 'x' }] }, ['/severity/0/type']],
  ['severity without score', { ...base, severity: [{ type: 'CVSS_V3' }] }, ['/severity/0']],
  [
    'a CVSS v3 score without its prefix',
    { ...base, severity: [{ type: 'CVSS_V3', score: 'AV:N/AC:L' }] },
    ['/severity/0/score'],
  ],
  [
    'a CVSS v4 score with the v3 prefix',
    { ...base, severity: [{ type: 'CVSS_V4', score: 'CVSS:3.1/AV:N' }] },
    ['/severity/0/score'],
  ],
  [
    'an unknown Ubuntu priority',
    { ...base, severity: [{ type: 'Ubuntu', score: 'urgent' }] },
    ['/severity/0/score'],
  ],
  [
    'severity on the advisory and a package',
    { ...base, severity: [], affected: [{ package: { ecosystem: 'Go', name: 'x' }, severity: [] }] },
    ['/affected/0/severity'],
  ],
  [
    'unknown reference type',
    { ...base, references: [{ type: 'BLOG', url: 'https://e.com' }] },
    ['/references/0/type'],
  ],
  [
    'a reference url that is no URI',
    { ...base, references: [{ type: 'WEB', url: 'not a url' }] },
    ['/references/0/url'],
  ],
  ['a credit without name', { ...base, credits: [{ type: 'FINDER' }] }, ['/credits/0']],
  ['an unknown credit type', { ...base, credits: [{ name: 'n', type: 'HERO' }] }, ['/credits/0/type']],
  ['database_specific not an object', { ...base, database_specific: [1] }, ['/database_specific']],
];

describe('our OSV validation', () => {
  for (const [name, document, expected, ajvAlso = []] of CASES) {
    it(`${name}: ${expected.join(', ') || 'valid'}`, async () => {
      assert.deepEqual(ours(document), expected);
      const reference = await official;
      if (typeof reference !== 'string')
        assert.deepEqual(
          reference(document),
          [...expected, ...ajvAlso].sort(),
          'the published schema disagrees',
        );
    });
  }

  it('names the reason beside the path', () => {
    assert.deepEqual(validateOsv({ ...base, extra: 1, summary: 3 }), [
      { path: '/', message: 'must NOT have additional properties' },
      { path: '/summary', message: 'must be string' },
    ]);
  });

  for (const [zip, warned] of [
    [
      'PyPI-all.zip',
      [
        'PYSEC-2017-27',
        'PYSEC-2019-155',
        'PYSEC-2021-371',
        'PYSEC-2021-424',
        'PYSEC-2021-425',
        'PYSEC-2021-436',
        'PYSEC-2023-80',
      ],
    ],
    ['Go-all.zip', []],
  ] as const) {
    it(`${zip}: warns about the same advisories as the published schema`, { skip }, async (t) => {
      const reference = await official;
      const [mine, theirs]: [string[], string[]] = [[], []];
      let count = 0;
      for await (const item of readSourceFile({ path: `${OSV}${zip}`, kind: 'zip' })) {
        count++;
        const id = (item.document as { id: string }).id;
        if (ours(item.document).length) mine.push(id);
        if (typeof reference !== 'string' && reference(item.document).length) theirs.push(id);
      }
      assert.ok(count > 2000, `${count} advisories`);
      assert.deepEqual(mine.sort(), [...warned]);
      if (typeof reference === 'string') t.diagnostic(reference);
      else assert.deepEqual(theirs.sort(), [...warned]);
    });
  }
});
