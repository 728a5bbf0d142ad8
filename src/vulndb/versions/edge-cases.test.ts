/**
 * Hand-picked cases per ecosystem that the published fixtures do not pin: the shapes real advisories
 * and SBOMs carry (pseudo-versions, epochs, `~`, `-SNAPSHOT`, distro revisions, legacy PyPI strings).
 * Each row is checked in both directions.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { compareVersions as compareFromVulndb } from '../index.ts';
import { isPseudoVersion, isValid as isValidGo } from './go.ts';
import { baseEcosystem, compareVersions, getVersionOrdering, isSupportedEcosystem } from './index.ts';

type Row = [string, '<' | '=' | '>', string];

const CASES: Record<string, Row[]> = {
  npm: [
    ['1.2.3', '=', 'v1.2.3'],
    ['=1.2.3', '=', '1.2.3'],
    ['1.2', '=', '1.2.0'],
    ['1', '<', '1.0.1'],
    ['1.2.3+build.5', '=', '1.2.3'],
    ['1.2.3-alpha.1', '<', '1.2.3-alpha.beta'],
    ['1.2.3rc1', '<', '1.2.3'],
    ['1.2.3-rc.1', '<', '1.2.3-rc.10'],
    ['9999999999999999999.0.0', '<', '10000000000000000000.0.0'],
    ['not-a-version', '<', '0.0.0'],
    ['', '=', '0.0.0'],
  ],
  'crates.io': [
    ['0.1.0-alpha.2', '<', '0.1.0'],
    ['1.0.0+abc', '=', '1.0.0+def'],
  ],
  Hex: [['1.4.0-rc.0', '<', '1.4.0']],
  Go: [
    ['0.0.0-20191109021931-daa7c04131f5', '<', '0.0.0-20200101000000-aaaaaaaaaaaa'],
    ['0.0.0-20200101000000-aaaaaaaaaaaa', '<', '0.1.0'],
    ['1.2.3', '<', '1.2.4-0.20191109021931-daa7c04131f5'],
    ['1.2.4-0.20191109021931-daa7c04131f5', '<', '1.2.4'],
    ['1.2.3-pre', '<', '1.2.3-pre.0.20191109021931-daa7c04131f5'],
    ['v2.0.0+incompatible', '=', '2.0.0'],
    ['2.0.0+incompatible', '>', '1.9.9'],
    ['1.21.0-0', '<', '1.21.0'],
    ['v1.2', '=', 'v1.2.0'],
  ],
  Pub: [
    ['1.0.0', '<', '1.0.0+0'],
    ['1.0.0+2', '<', '1.0.0+10'],
    ['1.0.0-dev', '<', '1.0.0'],
  ],
  PyPI: [
    ['1.0', '=', '1.0.0'],
    ['1.0a1', '=', '1.0.alpha.1'],
    ['1.0rc1', '=', '1.0c1'],
    ['1.0-1', '=', '1.0.post1'],
    ['V1.0', '=', '1.0'],
    ['1.0.dev0', '<', '1.0a1'],
    ['1.0.post1.dev1', '<', '1.0.post1'],
    ['1.0', '<', '1.0.post1'],
    ['1.0', '<', '1.0+ubuntu.1'],
    ['2.0', '<', '1!0.1'],
    ['2004d', '<', '0.1'],
    ['1.999999999999999999999999999991', '<', '1.999999999999999999999999999999'],
    ['v1!2.0', '=', '1!2.0.0'],
    ['0.1-bulbasaur', '<', '0.1-charmander'],
  ],
  RubyGems: [
    ['1.0', '=', '1.0.0'],
    ['1.0.0.pre', '<', '1.0.0'],
    ['1.0.0-rc1', '=', '1.0.0.pre.rc1'],
    ['1.0.0.beta2', '<', '1.0.0.rc1'],
    ['1.9', '<', '1.10'],
    ['2.0.0.a', '<', '2.0.0'],
  ],
  Maven: [
    ['1.0-SNAPSHOT', '<', '1.0'],
    ['1.0-rc1', '<', '1.0-SNAPSHOT'],
    ['1.0-alpha-1', '<', '1.0-alpha-2'],
    ['1.0.RELEASE', '=', '1.0'],
    ['2.0.0.Final', '=', '2.0.0'],
    ['1.0', '<', '1.0-sp1'],
    ['1.0-sp1', '<', '1.0.1'],
    ['32.0.0-android', '<', '32.0.0-jre'],
    ['2.13.4', '<', '2.13.4.2'],
    ['1.0.0.M1', '<', '1.0.0.RC1'],
  ],
  NuGet: [
    ['1.0.0-alpha', '<', '1.0.0'],
    ['1.0.0-Alpha', '=', '1.0.0-alpha'],
    ['1.0', '=', '1.0.0.0'],
    ['1.0.0+meta', '=', '1.0.0'],
    ['1.0.0-alpha.2', '<', '1.0.0-alpha.10'],
    ['4.7.0.1', '>', '4.7.0'],
  ],
  Packagist: [
    ['v1.0.0', '=', '1.0.0'],
    ['1.0.0-beta', '<', '1.0.0-RC1'],
    ['dev-master', '<', '1.0.0'],
    ['1.0.0', '<', '1.0.0-p1'],
    ['1.0.0-alpha1', '<', '1.0.0-alpha2'],
    ['1.99', '<', '2.0.0'],
  ],
  Debian: [
    ['2.0', '<', '1:1.0'],
    ['1.0~rc1', '<', '1.0'],
    ['1.0~~', '<', '1.0~'],
    ['1.0-1', '<', '1.0-1+deb11u1'],
    ['1.0-1', '<', '1.0+dfsg-1'],
    ['1.0', '<', '1.0a'],
    ['1.0.0', '=', '1.0.0-0'],
    ['7.74.0-1.3+deb11u7', '<', '7.74.0-1.3+deb11u10'],
  ],
  Alpine: [
    ['1.2.3-r0', '<', '1.2.3-r1'],
    ['1.2.3-r9', '<', '1.2.3-r10'],
    ['1.2.3_rc1', '<', '1.2.3'],
    ['1.2.3', '<', '1.2.3_p1'],
    ['1.2.3', '<', '1.2.3a'],
    ['1.2.3_alpha', '<', '1.2.3_beta'],
    ['1.2.3', '<', '1.2.3_git20200101'],
    ['1.01', '<', '1.1'],
    ['3.0.8-r0', '<', '3.0.10-r0'],
  ],
  'Red Hat': [
    ['2.0-1.el8', '<', '1:1.0-1.el8'],
    ['1.0~rc1-1', '<', '1.0-1'],
    ['1.0-1', '<', '1.0^git1-1'],
    ['1.0-1.el8_4', '<', '1.0-1.el8_5'],
    ['2.02-99.el8', '<', '2.02-100.el8'],
  ],
  CRAN: [
    ['1.0-1', '<', '1.0-2'],
    ['1.0-0', '<', '1.0.1'],
    ['1.0', '<', '1.0-0'],
  ],
  Hackage: [['1.0', '<', '1.0.0']],
};

const EXPECTED = { '<': -1, '=': 0, '>': 1 } as const;

describe('version ordering edge cases', () => {
  for (const [ecosystem, rows] of Object.entries(CASES)) {
    it(`${ecosystem}: hand-picked comparisons hold both ways`, () => {
      for (const [a, op, b] of rows) {
        const want = EXPECTED[op];
        assert.equal(compareVersions(ecosystem, a, b), want, `${a} ${op} ${b}`);
        assert.equal(compareVersions(ecosystem, b, a), -want || 0, `${b} reversed ${a}`);
      }
    });
  }

  it('maps OSV release suffixes to the base ecosystem', () => {
    assert.equal(baseEcosystem('Debian:11'), 'Debian');
    assert.equal(baseEcosystem('Alpine:v3.18'), 'Alpine');
    assert.equal(baseEcosystem('Red Hat:enterprise_linux:9::appstream'), 'Red Hat');
    assert.equal(compareVersions('Debian:11', '1:1.0', '2.0'), 1);
    assert.equal(compareVersions('Alpine:v3.18', '1.2.3-r1', '1.2.3-r0'), 1);
    assert.equal(compareVersions('Ubuntu:22.04:LTS', '1.0~rc1', '1.0'), -1);
  });

  it('knows which ecosystems it supports and throws only for the others', () => {
    for (const e of [
      'npm',
      'PyPI',
      'Go',
      'Maven',
      'crates.io',
      'RubyGems',
      'NuGet',
      'Packagist',
      'Pub',
      'Hex',
      'Debian',
      'Alpine',
    ]) {
      assert.ok(isSupportedEcosystem(e), e);
    }
    for (const e of ['Debian:12', 'Alpine:v3.20', 'Hackage', 'CRAN', 'Red Hat'])
      assert.ok(isSupportedEcosystem(e), e);
    assert.equal(isSupportedEcosystem('GIT'), false);
    assert.equal(isSupportedEcosystem('pypi'), false, 'OSV ecosystem names are case-sensitive');
    assert.equal(getVersionOrdering('GIT'), undefined);
    assert.throws(() => compareVersions('GIT', '1', '2'), { name: 'RangeError', message: /"GIT"/ });
  });

  it('stays correct past the parsed-version memo limit', () => {
    // 12,000 distinct versions evict the memo at least once; every answer must still be right.
    for (let i = 0; i < 12_000; i++) {
      assert.equal(compareVersions('npm', `1.0.${i}`, `1.0.${i + 1}`), -1);
      assert.equal(compareVersions('Debian:12', `1.0-${i + 1}`, `1.0-${i}`), 1);
    }
  });

  it('is exported from src/vulndb', () => {
    assert.equal(compareFromVulndb('npm', '1.0.0', '1.0.1'), -1);
  });

  it('tells valid Go versions and pseudo-versions apart', () => {
    assert.ok(
      isValidGo('v1.2.3') && isValidGo('1.2.3') && isValidGo('v1.2') && isValidGo('v2.0.0+incompatible'),
    );
    assert.ok(!isValidGo('v1.2-pre') && !isValidGo('v01.2.3') && !isValidGo('1.2.3.4'));
    assert.ok(isPseudoVersion('v0.0.0-20191109021931-daa7c04131f5'));
    assert.ok(isPseudoVersion('v1.2.4-0.20191109021931-daa7c04131f5'));
    assert.ok(isPseudoVersion('v1.2.3-pre.0.20191109021931-daa7c04131f5+incompatible'));
    assert.ok(!isPseudoVersion('v1.2.3-pre'));
  });

  it('reports validity as each ecosystem sees it', () => {
    const verdicts: [string, string, boolean][] = [
      ['npm', '1.2.3', true],
      ['npm', '1.2', false],
      ['PyPI', '1.0.post1', true],
      ['PyPI', '0.1-bulbasaur', false],
      ['RubyGems', '1.0.0.pre', true],
      ['RubyGems', 'a.b', false],
      ['NuGet', '1.0.0.0-beta+x', true],
      ['NuGet', '1', false],
      ['Packagist', 'v1.0.0-beta2', true],
      ['Packagist', 'dev-main', true],
      ['Debian', '1:2.30-1ubuntu0.1', true],
      ['Debian', 'a1.0', false],
      ['Alpine', '1.2.3_rc1-r0', true],
      ['Alpine', '1.2_blah', false],
      ['Red Hat', '1:2.3-4.el9', true],
      ['Maven', '1.0-SNAPSHOT', true],
    ];
    for (const [ecosystem, version, valid] of verdicts) {
      assert.equal(getVersionOrdering(ecosystem)?.isValid(version), valid, `${ecosystem} ${version}`);
    }
  });
});
