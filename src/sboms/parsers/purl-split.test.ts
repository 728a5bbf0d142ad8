import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { PackageURL } from 'packageurl-js';
import { SHARED_DATA, sharedDataSkip } from '../../../test/support/shared-data.ts';
import { purlInfo } from './component-fields.ts';
import { plainPurlText, splitPlainPurl } from './purl-split.ts';

/** What packageurl-js makes of `text` on its own (its URL parse), and through our split: the same, or both fail. */
function bothWays(text: string) {
  const outcome = (make: () => PackageURL, toText: (p: PackageURL) => string) => {
    try {
      const p = make();
      const { type, namespace, name, version, qualifiers, subpath } = p;
      return { type, namespace, name, version, qualifiers: { ...qualifiers }, subpath, text: toText(p) };
    } catch {
      return 'invalid';
    }
  };
  let parts: ReturnType<typeof splitPlainPurl> | 'invalid';
  try {
    parts = splitPlainPurl(text);
  } catch {
    parts = 'invalid';
  }
  return {
    plain: parts !== undefined,
    library: outcome(
      () => PackageURL.fromString(text),
      (p) => p.toString(),
    ),
    split:
      parts === 'invalid'
        ? 'invalid'
        : parts &&
          outcome(
            () => new PackageURL(...(parts as unknown as ConstructorParameters<typeof PackageURL>)),
            (p) => plainPurlText(p) ?? p.toString(),
          ),
  };
}

/** Variants of a purl that reach the split's edges: case, escapes, qualifiers, '@' and '/' in odd places. */
function mutations(purl: string): string[] {
  const [head, query] = purl.split('?');
  return [
    purl,
    purl.replace('pkg:', 'PKG:'),
    purl.replace('pkg:', 'pkg://'),
    purl.replace('pkg:', 'pkg:/'),
    purl.replace(/^pkg:([a-z]+)/, (_, t: string) => `pkg:${t.toUpperCase()}`),
    `${head}?Type=JAR&a=&b=%20x+y${query ? `&${query}` : ''}`,
    `${head}?z=1&a=2`,
    `${head}?a=%`,
    `${head}?a=%25`,
    `${head}#sub/path`,
    `${head}/`,
    `${head}@`,
    `${head}%`,
    `${head}%zz`,
    `${head}%2F`,
    head!.replace('@', '%40'),
    head!.replace('/', '/@'),
    head!.replace('/', '//'),
    head!.replace(/@.*/, ''),
    `${head} `,
    `${head}:x+y~z!$'()*,;=`,
    `${head}\u00e9`,
  ];
}

const HAND = [
  'pkg:npm/@angular/core@16.0.0',
  'pkg:npm/%40angular/core@16.0.0',
  'pkg:npm/Left-Pad@1.0.0',
  'pkg:npm',
  'pkg:npm/',
  'pkg:/npm/x@1',
  'pkg:',
  'pkg:npm/@1.0',
  'pkg:maven/org.apache.commons/commons-lang3@3.12.0?type=jar&classifier=sources',
  'pkg:pypi/Foo_Bar@1.0',
  'pkg:pypi/foo.bar@1.0a1',
  'pkg:golang/github.com/x/y@v1.0.0+incompatible',
  'pkg:deb/debian/curl@7.50.3-1?arch=i386&distro=jessie',
  'pkg:docker/customer/dockerimage@sha256:244fd47e07d10?repository_url=gcr.io',
  'pkg:gem/ruby-advisory-db-check@0.12.4',
  'pkg:nuget/EnterpriseLibrary.Common@6.0.1304',
  'pkg:composer/laravel/laravel@7.12.0',
  'pkg:cargo/rand@0.7.2',
  'pkg:swift/github.com/Alamofire/Alamofire@5.4.3',
  'pkg:generic/openssl@1.1.10g?download_url=https://openssl.org/source/openssl-1.1.0g.tar.gz',
  'pkg:npm/a@1?x=1?y=2',
  'pkg:npm/a@1&b',
  'pkg:npm/a b@1',
  'pkg:npm/a"b@1',
  'pkg:npm/a<b@1',
  'pkg:npm/a\\b@1',
  'pkg:npm/a@1#',
  'pkg:npm/a@1%402',
  'pkg:npm/a@1%2B2',
  'pkg:npm/a@1%3A2',
  'pkg:npm/a%3Ab@1',
  'pkg:npm/a%20b@1',
  'pkg:maven/a%2Fb/c@1',
  'pkg:generic/a%3Fb@1',
];

function check(inputs: Iterable<string>) {
  let plain = 0;
  let total = 0;
  for (const base of inputs)
    for (const text of mutations(base)) {
      total++;
      const { plain: isPlain, library, split } = bothWays(text);
      if (!isPlain) continue;
      plain++;
      assert.deepEqual(split, library, text);
    }
  return { plain, total };
}

describe('splitPlainPurl and plainPurlText: packageurl-js without its URL parse and encoding', () => {
  it('gives what parseString gives, or refuses the purl, on hand-made purls and their variants', () => {
    const { plain, total } = check(HAND);
    assert.equal(total, HAND.length * mutations('x').length);
    // Most variants are plain; quotes, spaces, brackets, backslashes, '#', leading slashes and non-ASCII are not.
    assert.ok(plain > total / 2 && plain < total, `${plain} of ${total}`);
  });

  it('refuses exactly the shapes the URL parse would rewrite or split otherwise', () => {
    for (const text of [
      'PKG:npm/a@1',
      'pkg://npm/a@1',
      'pkg:/npm/a@1',
      'pkg:npm/a@1#x',
      'pkg:npm/a b',
      'pkg:npm/ä',
    ])
      assert.equal(splitPlainPurl(text), undefined, text);
    assert.deepEqual(splitPlainPurl('pkg:npm/%40s/a@1.0'), ['npm', '@s', 'a', '1.0', undefined, undefined]);
    assert.deepEqual(splitPlainPurl('pkg:npm/@s/a'), ['npm', '@s', 'a', undefined, undefined, undefined]);
    assert.equal(splitPlainPurl('pkg:maven/g/a@1?type=jar')?.[4]?.get('type'), 'jar');
    assert.throws(() => splitPlainPurl('pkg:npm/a@%zz'), /unable to decode "version" component/);
  });

  it('normalises as before: purlInfo of a plain purl', () => {
    assert.deepEqual(purlInfo(' pkg:pypi/Foo_Bar@1.0 '), {
      purl: 'pkg:pypi/foo-bar@1.0',
      ecosystem: 'PyPI',
      packageKey: 'foo-bar',
    });
    assert.deepEqual(purlInfo('pkg:maven/g/a@1?type=jar&Classifier=src'), {
      purl: 'pkg:maven/g/a@1?classifier=src&type=jar',
      ecosystem: 'Maven',
      packageKey: 'g:a',
    });
    assert.deepEqual(purlInfo('pkg:npm/a@%zz'), { purl: null, ecosystem: null, packageKey: null });
  });

  it(
    'gives what parseString gives on every purl of the real SBOMs and their variants',
    { skip: sharedDataSkip('sboms') },
    () => {
      const purls = new Set<string>();
      for (const family of ['cyclonedx', 'spdx']) {
        const dir = new URL(`sboms/${family}/`, SHARED_DATA);
        for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')))
          for (const [, literal] of readFileSync(new URL(file, dir), 'utf8').matchAll(
            /("pkg:(?:[^"\\]|\\.)*")/g,
          ))
            purls.add(JSON.parse(literal!) as string);
      }
      assert.ok(purls.size > 3000, `${purls.size} purls`);
      const real = check(purls);
      // The point of the split: nearly every real purl takes it.
      const plainReal = [...purls].filter((p) => splitPlainPurl(p) !== undefined).length;
      assert.ok(plainReal / purls.size > 0.95, `${plainReal} of ${purls.size} real purls are plain`);
      assert.ok(real.plain > real.total / 2);
    },
  );
});
