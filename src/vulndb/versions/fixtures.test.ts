/**
 * Every comparison in the published ordering fixtures (the shared data's version-order/, from osv-scalibr's
 * semantic/testdata and osv.dev's Packagist cases) must hold in both directions, through the public entry
 * point `compareVersions` and through the parse-once path `compareParsed`.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

import { SHARED_DATA, sharedDataSkip } from '../../../test/support/shared-data.ts';
import { compareVersions, getVersionOrdering } from './index.ts';

const DATA_DIR = new URL('version-order/', SHARED_DATA);

/** Fixture file → the OSV ecosystems it pins (osv-scalibr runs semver-versions.txt for all four). */
const FILE_ECOSYSTEMS: Record<string, string[]> = {
  'semver-versions.txt': ['npm', 'crates.io', 'Go', 'Hex'],
  'pub-versions.txt': ['Pub'],
  'pypi-versions.txt': ['PyPI'],
  'rubygems-versions.txt': ['RubyGems'],
  'nuget-versions.txt': ['NuGet'],
  'packagist-versions.txt': ['Packagist'],
  'osvdev-packagist_test_cases.txt': ['Packagist'],
  'maven-versions.txt': ['Maven'],
  'debian-versions.txt': ['Debian', 'Debian:12', 'Ubuntu:22.04:LTS'],
  'alpine-versions.txt': ['Alpine', 'Alpine:v3.18'],
  'redhat-versions.txt': ['Red Hat', 'Red Hat:enterprise_linux:9::appstream'],
  'cran-versions.txt': ['CRAN'],
  'hackage-versions.txt': ['Hackage'],
};

const EXPECTED: Record<string, -1 | 0 | 1> = { '<': -1, '=': 0, '>': 1 };

interface Comparison {
  line: number;
  a: string;
  op: string;
  b: string;
}

/** One comparison a line, `A <op> B`; blank lines and `#` / `//` comments skipped. */
function readComparisons(text: string): Comparison[] {
  const out: Comparison[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('//')) return;
    const parts = line.split(/\s+/);
    assert.equal(parts.length, 3, `line ${index + 1} is not "A <op> B": ${raw}`);
    const [a, op, b] = parts as [string, string, string];
    assert.ok(op in EXPECTED, `line ${index + 1}: unknown operator ${op}`);
    out.push({ line: index + 1, a, op, b });
  });
  return out;
}

function failuresOf(ecosystem: string, comparisons: Comparison[]): string[] {
  const ordering = getVersionOrdering(ecosystem);
  assert.ok(ordering, `no ordering for ${ecosystem}`);
  const failures: string[] = [];
  for (const { line, a, op, b } of comparisons) {
    const want = EXPECTED[op] as -1 | 0 | 1;
    const forward = compareVersions(ecosystem, a, b);
    const backward = compareVersions(ecosystem, b, a);
    const parsed = ordering.compareParsed(ordering.parse(a), ordering.parse(b));
    if (forward !== want || backward !== -want || parsed !== want) {
      failures.push(`line ${line}: ${a} ${op} ${b} (got ${forward}, reversed ${backward}, parsed ${parsed})`);
    }
  }
  return failures;
}

/**
 * Our own cross-checks: random versions ordered by the ecosystems' reference tools (dpkg 1.21, Python
 * `packaging` 26.2, Maven 3.9.6 ComparableVersion); see each file's header.
 */
const CROSS_CHECKS: Record<string, string> = {
  'debian-dpkg.txt': 'Debian',
  'pypi-packaging.txt': 'PyPI',
  'maven-comparableversion.txt': 'Maven',
};

describe('version ordering cross-checked against reference tools', () => {
  for (const [file, ecosystem] of Object.entries(CROSS_CHECKS)) {
    it(`${ecosystem}: every comparison in testdata/${file} holds`, (t) => {
      const comparisons = readComparisons(
        readFileSync(new URL(`./testdata/${file}`, import.meta.url), 'utf8'),
      );
      const failures = failuresOf(ecosystem, comparisons);
      t.diagnostic(
        `${ecosystem} ${file}: ${comparisons.length - failures.length}/${comparisons.length} pass`,
      );
      assert.deepEqual(failures, []);
    });
  }
});

describe('version ordering fixtures', { skip: sharedDataSkip('version-order') }, () => {
  it('covers every fixture file', () => {
    const files = readdirSync(DATA_DIR).filter((f) => f.endsWith('.txt'));
    assert.deepEqual(
      files.filter((f) => !(f in FILE_ECOSYSTEMS)),
      [],
    );
  });
  for (const [file, ecosystems] of Object.entries(FILE_ECOSYSTEMS)) {
    const path = new URL(file, DATA_DIR);
    for (const ecosystem of ecosystems) {
      it(`${ecosystem}: every comparison in ${file} holds`, (t) => {
        const comparisons = readComparisons(readFileSync(path, 'utf8'));
        const failures = failuresOf(ecosystem, comparisons);
        t.diagnostic(
          `${ecosystem} ${file}: ${comparisons.length - failures.length}/${comparisons.length} pass`,
        );
        assert.deepEqual(failures, []);
      });
    }
  }
});
