import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { osvPackageOf, packageKey } from './ecosystems.ts';

describe('purl → OSV package', () => {
  const cases: Array<
    [{ type: string; namespace?: string; name: string }, { ecosystem: string; name: string } | undefined]
  > = [
    [
      { type: 'npm', namespace: '@babel', name: 'core' },
      { ecosystem: 'npm', name: '@babel/core' },
    ],
    [
      { type: 'pypi', name: 'Django' },
      { ecosystem: 'PyPI', name: 'Django' },
    ],
    [
      { type: 'golang', namespace: 'github.com/sirupsen', name: 'logrus' },
      { ecosystem: 'Go', name: 'github.com/sirupsen/logrus' },
    ],
    [
      { type: 'maven', namespace: 'org.apache.logging.log4j', name: 'log4j-core' },
      { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' },
    ],
    [{ type: 'maven', name: 'no-group' }, undefined],
    [
      { type: 'composer', namespace: 'laravel', name: 'framework' },
      { ecosystem: 'Packagist', name: 'laravel/framework' },
    ],
    [
      { type: 'deb', namespace: 'debian', name: 'openssl' },
      { ecosystem: 'Debian', name: 'openssl' },
    ],
    [
      { type: 'apk', namespace: 'alpine', name: 'apk-tools' },
      { ecosystem: 'Alpine', name: 'apk-tools' },
    ],
    // Syft writes Alpine packages with its own purl type; Trivy with the registered `apk`.
    [
      { type: 'alpine', name: 'apk-tools' },
      { ecosystem: 'Alpine', name: 'apk-tools' },
    ],
    [{ type: 'generic', name: 'thing' }, undefined],
  ];
  for (const [purl, expected] of cases) {
    it(`${purl.type}/${purl.namespace ?? ''}/${purl.name}`, () =>
      assert.deepEqual(osvPackageOf(purl), expected));
  }

  it('normalises names where the ecosystem is case- or separator-insensitive', () => {
    assert.equal(packageKey('PyPI', 'Zope.Interface_x'), 'zope-interface-x');
    assert.equal(packageKey('NuGet', 'Newtonsoft.Json'), 'newtonsoft.json');
    assert.equal(packageKey('Go', 'github.com/Azure/go-autorest'), 'github.com/Azure/go-autorest');
  });
});
