/** Package identity: the purl without version, qualifiers and subpath; an unencoded npm scope is not a version. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { packagePurl } from './package-purl.ts';

describe('package identity', () => {
  it('drops the version, qualifiers and subpath, and nothing else', () => {
    const cases: Array<[string, string]> = [
      ['pkg:npm/lodash@4.17.15', 'pkg:npm/lodash'],
      ['pkg:npm/lodash', 'pkg:npm/lodash'],
      ['pkg:npm/%40types/node@20.1.0', 'pkg:npm/%40types/node'],
      ['pkg:npm/@types/node@20.1.0', 'pkg:npm/@types/node'],
      ['pkg:npm/@types/node', 'pkg:npm/@types/node'],
      ['pkg:golang/golang.org/x/text@v0.3.7', 'pkg:golang/golang.org/x/text'],
      [
        'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1?type=jar',
        'pkg:maven/org.apache.logging.log4j/log4j-core',
      ],
      ['pkg:pypi/jinja2@2.10#src/jinja2', 'pkg:pypi/jinja2'],
      ['pkg:deb/debian/openssl@3.0.11-1~deb12u2?arch=amd64&distro=debian-12', 'pkg:deb/debian/openssl'],
    ];
    assert.deepEqual(
      cases.map(([purl]) => packagePurl(purl)),
      cases.map(([, identity]) => identity),
    );
  });
});
