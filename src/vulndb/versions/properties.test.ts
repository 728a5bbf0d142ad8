/**
 * Properties every ordering must have, and agreement with the libraries we do not use for ordering.
 * - Never throws, compare(a, a) = 0, compare(a, b) = -compare(b, a), on junk strings too.
 * - Sorting the fixture strings with the ordering yields a list that is ordered pairwise (this catches
 *   intransitive comparators, which would make range evaluation depend on the order of events).
 * - Where `semver`, `@renovatebot/pep440` and `@renovatebot/ruby-semver` accept both strings (and, for
 *   RubyGems, stay within that library's limits), the order is the library's.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

import { compare as pep440Compare, valid as pep440Valid } from '@renovatebot/pep440';
import * as rubySemver from '@renovatebot/ruby-semver';
import semver from 'semver';

import { SHARED_DATA, sharedDataSkip } from '../../../test/support/shared-data.ts';
import { compareVersions, supportedEcosystems } from './index.ts';

const DATA_DIR = new URL('version-order/', SHARED_DATA);
/** Without the shared data the fixture-dependent checks skip; the library comparisons run on in-repo lists. */
const skip = sharedDataSkip('version-order');

const FILES: Record<string, string[]> = {
  npm: ['semver-versions.txt'],
  Go: ['semver-versions.txt'],
  Pub: ['pub-versions.txt'],
  PyPI: ['pypi-versions.txt'],
  RubyGems: ['rubygems-versions.txt'],
  NuGet: ['nuget-versions.txt'],
  Packagist: ['packagist-versions.txt'],
  Maven: ['maven-versions.txt'],
  Debian: ['debian-versions.txt'],
  Alpine: ['alpine-versions.txt'],
  'Red Hat': ['redhat-versions.txt'],
  CRAN: ['cran-versions.txt'],
  Hackage: ['hackage-versions.txt'],
};

/** The distinct versions of a comparison file (`a < b` lines); none when the shared data is absent. */
function versionsIn(file: string, dir = DATA_DIR): string[] {
  const url = new URL(file, dir);
  if (dir === DATA_DIR && skip) return [];
  const out = new Set<string>();
  for (const raw of readFileSync(url, 'utf8').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('//')) continue;
    const [a, , b] = line.split(/\s+/);
    if (a !== undefined) out.add(a);
    if (b !== undefined) out.add(b);
  }
  return [...out];
}

const JUNK = [
  '',
  ' ',
  '-',
  '.',
  '..',
  '~',
  '^',
  ':',
  '+',
  '_',
  'v',
  'V',
  '*',
  '1..2',
  '1.-2',
  '-1',
  '::1',
  '1:',
  'ä.ö',
  '😀',
  '1.2.3'.repeat(50),
  '0'.repeat(400),
  '1e5',
  'NaN',
  'null',
  '\t1.0\n',
];

/** A deterministic pseudo-random junk generator (no flaky seeds). */
function* randomStrings(count: number): Generator<string> {
  const alphabet = '0123456789.-_+~^:abcdprvxAZ ';
  let seed = 42;
  for (let i = 0; i < count; i++) {
    let s = '';
    const length = i % 12;
    for (let k = 0; k < length; k++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      s += alphabet[seed % alphabet.length];
    }
    yield s;
  }
}

describe('version ordering properties', () => {
  for (const ecosystem of supportedEcosystems()) {
    it(`${ecosystem}: never throws, reflexive and antisymmetric on junk`, () => {
      const inputs = [...JUNK, ...randomStrings(300)];
      for (const a of inputs) {
        assert.equal(compareVersions(ecosystem, a, a), 0, JSON.stringify(a));
        for (const b of inputs.slice(0, 80)) {
          const forward = compareVersions(ecosystem, a, b);
          assert.equal(
            compareVersions(ecosystem, b, a),
            -forward || 0,
            `${JSON.stringify(a)} vs ${JSON.stringify(b)}`,
          );
        }
      }
    });
  }

  for (const [ecosystem, files] of Object.entries(FILES)) {
    it(`${ecosystem}: sorting the fixture versions gives a consistent order`, { skip }, (t) => {
      const versions = files.flatMap((file) => versionsIn(file));
      const sorted = [...versions].sort((a, b) => compareVersions(ecosystem, a, b));
      const violations: string[] = [];
      for (let i = 0; i < sorted.length; i++) {
        for (let j = i + 1; j < sorted.length; j++) {
          if (compareVersions(ecosystem, sorted[i] as string, sorted[j] as string) > 0)
            violations.push(`${sorted[i]} > ${sorted[j]}`);
        }
      }
      t.diagnostic(
        `${ecosystem}: ${versions.length} versions, ${violations.length} out-of-order pairs after sorting`,
      );
      assert.deepEqual(violations, []);
    });
  }

  it('npm: agrees with semver.compare wherever semver accepts both strings', () => {
    // In the repository, so the check runs on a fresh clone: the SemVer 2.0.0 precedence examples and
    // prerelease, build and loose spellings.
    const extra = [
      '1.2.3-alpha.1',
      '1.2.3-alpha.beta',
      'v1.2.3+build',
      '1.2.3rc1',
      '=1.2.3',
      '0.0.1-0',
      '1.0.0-x-y-z.-',
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '2.0.0',
      '2.1.0',
      '2.1.1',
      '0.0.0',
      '0.0.1',
      '0.1.0',
      '0.10.0',
      '0.9.9',
      '1.0.0+20130313144700',
      '1.0.0-beta+exp.sha.5114f85',
      '1.0.0-0.3.7',
      '1.0.0-x.7.z.92',
      '1.0.0-1',
      '1.0.0-01a',
      '1.0.0-a1',
      '1.0.0-A',
      '1.0.0-a',
      '10.20.30',
      '1.1.2-prerelease+meta',
      '1.1.2+meta',
      '1.0.0-alpha.0valid',
      '1.0.0-alpha-a.b-c-somethinglong+build.1-aef.1-its-okay',
      '999999.999999.999999',
      '1.2.3-SNAPSHOT-123',
      '2.0.0-rc.1+build.123',
      '1.2.3----RC-SNAPSHOT.12.9.1--.12+788',
      '0.0.4',
      '1.2.3-beta',
    ];
    const versions = [
      ...versionsIn('semver-versions.txt'),
      ...versionsIn('pub-versions.txt'),
      ...extra,
    ].filter((v) => semver.valid(v, { loose: true }) !== null);
    assert.ok(versions.length >= 40, `only ${versions.length} versions to compare`);
    for (const a of versions)
      for (const b of versions)
        assert.equal(compareVersions('npm', a, b), semver.compare(a, b, { loose: true }), `${a} vs ${b}`);
  });

  it('PyPI: agrees with @renovatebot/pep440 wherever it accepts both strings', () => {
    const extra = [
      '1.0.dev0',
      '1.0a1',
      '1.0b2.post3.dev4',
      '1!1.0',
      '1.0+abc.5',
      '1.0+5',
      '1.0.post1',
      '2.0rc1',
      '1.0.0.0',
    ];
    const versions = [
      ...new Set([
        ...versionsIn('pypi-versions.txt'),
        // In the repository: random PEP 440 spellings checked against Python's packaging.
        ...versionsIn('pypi-packaging.txt', new URL('./testdata/', import.meta.url)),
        ...extra,
      ]),
    ].filter((v) => pep440Valid(v) !== null);
    assert.ok(versions.length >= 40, `only ${versions.length} versions to compare`);
    for (const a of versions)
      for (const b of versions)
        assert.equal(compareVersions('PyPI', a, b), Math.sign(pep440Compare(a, b)) || 0, `${a} vs ${b}`);
  });

  it('RubyGems: agrees with @renovatebot/ruby-semver within its limits', () => {
    // The library reads numbers with parseInt and compares words with localeCompare: keep to small
    // numbers and lower-case words, where both are exact.
    const extra = [
      '1.0.0-rc1',
      '1.0.0.pre.rc1',
      '1.0.0.beta2',
      '2.0.0.a',
      '1.10',
      '1.9',
      '0.0',
      '0',
      '1',
      '1.0',
      '1.0.0',
      '1.0.1',
      '1.1',
      '1.2.3',
      '1.2.3.4',
      '2',
      '2.0.0.rc1',
      '2.0.0.rc2',
      '2.0.0.b1',
      '2.0.0.alpha',
      '2.0.0.beta',
      '3.0.0.pre',
      '3.0.0',
      '3.0.0.1',
      '10.0',
      '1.0.a',
      '1.0.b',
      '1.0.a.1',
      '0.9.9',
      '0.10',
    ];
    const versions = [...versionsIn('rubygems-versions.txt'), ...extra].filter(
      (v) => rubySemver.valid(v) !== null && !/[0-9]{15}|[A-Z]/.test(v),
    );
    assert.ok(versions.length >= 25, `only ${versions.length} versions to compare`);
    for (const a of versions) {
      for (const b of versions) {
        const library = rubySemver.eq(a, b) ? 0 : rubySemver.lt(a, b) ? -1 : 1;
        assert.equal(compareVersions('RubyGems', a, b), library, `${a} vs ${b}`);
      }
    }
  });
});
