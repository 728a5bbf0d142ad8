import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { AppError } from '../../errors.ts';
import type { ParsedComponent } from '../sbom-model.ts';
import { parseSbom } from './parse-sbom.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const bytes = (content: string) => new TextEncoder().encode(content);

function rejects(name: string, content: string, code: string, message: RegExp): void {
  assert.throws(
    () => parseSbom(name, bytes(content)),
    (error: unknown) => {
      assert.ok(error instanceof AppError, String(error));
      assert.equal(error.code, code);
      assert.equal(error.status, 400);
      assert.match(error.message, message);
      return true;
    },
  );
}

const jinja = (bomRef: string, dependsOn: string[], declared: string | null): ParsedComponent => ({
  bomRef,
  type: 'library',
  group: null,
  name: 'Jinja2',
  version: '2.10',
  purl: 'pkg:pypi/jinja2@2.10',
  cpe: 'cpe:2.3:a:pocoo:jinja2:2.10:*:*:*:*:*:*:*',
  ecosystem: 'PyPI',
  packageKey: 'jinja2',
  licenses: ['BSD-3-Clause'],
  licenseData: { spdx: { concluded: 'BSD-3-Clause', declared } },
  hashes: [{ alg: 'SHA-256', content: '74c935a1b8bb9a3947c50a54766a969d4846290e1e788ea44c1392163723c3bd' }],
  supplier: 'Pallets',
  scope: null,
  dependsOn,
});
const xText = (bomRef: string, type: string): ParsedComponent => ({
  bomRef,
  type,
  group: null,
  name: 'golang.org/x/text',
  version: 'v0.3.7',
  purl: 'pkg:golang/golang.org/x/text@v0.3.7',
  cpe: null,
  ecosystem: 'Go',
  packageKey: 'golang.org/x/text',
  licenses: ['BSD-3-Clause'],
  licenseData: { spdx: { concluded: null, declared: 'BSD-3-Clause' } },
  hashes: [],
  supplier: null,
  scope: null,
  dependsOn: [],
});

describe('SPDX 2.3 tag-value', () => {
  it('reads packages, versions, supplier, checksums, licenses, purl and cpe refs, relationships, tools', () => {
    const sbom = parseSbom('web-shop.spdx', fixture('web-shop.spdx'));
    assert.equal(sbom.format, 'spdx');
    assert.equal(sbom.specVersion, '2.3');
    assert.deepEqual(sbom.tools, [{ name: 'hand-written-1.0', version: null }]);
    assert.equal(sbom.metadataComponent?.name, 'web-shop');
    assert.equal(sbom.metadataComponent?.version, '2.4.1');
    assert.equal(sbom.metadataComponent?.type, 'application');
    assert.deepEqual(sbom.metadataComponent?.dependsOn, ['SPDXRef-Package-jinja2']);
    assert.deepEqual(sbom.components, [
      jinja('SPDXRef-Package-jinja2', ['SPDXRef-Package-x-text'], 'NOASSERTION'),
      xText('SPDXRef-Package-x-text', 'library'),
    ]);
  });

  it('the content decides under an ambiguous name (.json, .txt, -, none)', () => {
    for (const name of ['bom.json', 'bom.txt', '-', '']) {
      const sbom = parseSbom(name, fixture('web-shop.spdx'));
      assert.deepEqual([sbom.format, sbom.specVersion, sbom.components.length], ['spdx', '2.3', 2], name);
    }
  });

  const head = 'SPDXVersion: SPDX-2.3\nDataLicense: CC0-1.0\nSPDXID: SPDXRef-DOCUMENT\n';
  const errors: [string, string, string, RegExp][] = [
    [
      'a line without a tag',
      `${head}PackageName: a\nthis is not a tag line\n`,
      'PARSE_ERROR',
      /line 5: expected 'Tag: value'/,
    ],
    [
      'an unclosed <text>',
      `${head}PackageName: a\nPackageComment: <text>never closed\n`,
      'PARSE_ERROR',
      /line 5: PackageComment opens <text> that is never closed/,
    ],
    [
      'a package without SPDXID',
      `${head}\nPackageName: lonely\nPackageVersion: 1\n`,
      'PARSE_ERROR',
      /line 5: package 'lonely' has no SPDXID/,
    ],
    [
      'a malformed checksum',
      `${head}PackageName: a\nSPDXID: SPDXRef-a\nPackageChecksum: SHA256\n`,
      'PARSE_ERROR',
      /line 6: PackageChecksum must be 'ALGORITHM: value'/,
    ],
    [
      'a malformed external ref',
      `${head}PackageName: a\nSPDXID: SPDXRef-a\nExternalRef: purl pkg:pypi/a@1\n`,
      'PARSE_ERROR',
      /line 6: ExternalRef must be 'CATEGORY TYPE LOCATOR'/,
    ],
    [
      'a malformed relationship',
      `${head}Relationship: SPDXRef-DOCUMENT DESCRIBES\n`,
      'PARSE_ERROR',
      /line 4: Relationship must be/,
    ],
    [
      'a package without a name',
      `${head}PackageName:\nSPDXID: SPDXRef-a\n`,
      'PARSE_ERROR',
      /packages\[0\]\.name is missing/,
    ],
    [
      'SPDX 2.1',
      'SPDXVersion: SPDX-2.1\n',
      'UNSUPPORTED_FORMAT',
      /SPDX tag-value 'SPDX-2\.1' seen; accepted: .*SPDX tag-value 2\.2\/2\.3/,
    ],
  ];
  for (const [label, content, code, message] of errors)
    it(`${label} → ${code}`, () => rejects('bad.spdx', content, code, message));

  it('a .spdx file that is not tag-value says what it starts with', () =>
    rejects(
      'bad.spdx',
      'hello world',
      'PARSE_ERROR',
      /the first line must be 'SPDXVersion: SPDX-2\.x', found "hello world"/,
    ));
});

describe('SPDX 3.0.1 JSON-LD', () => {
  it('reads software_Package elements, external identifiers, hashes, suppliers, licenses, dependencies, root, tools', () => {
    const sbom = parseSbom('web-shop.spdx.jsonld', fixture('web-shop.spdx.jsonld'));
    assert.equal(sbom.format, 'spdx');
    assert.equal(sbom.specVersion, '3.0.1');
    assert.deepEqual(sbom.tools, [{ name: 'hand-written-1.0', version: null }]);
    assert.equal(sbom.metadataComponent?.name, 'web-shop');
    assert.equal(sbom.metadataComponent?.type, 'application');
    assert.deepEqual(sbom.metadataComponent?.dependsOn, ['https://bulwark.example/package/jinja2']);
    assert.deepEqual(sbom.components, [
      jinja('https://bulwark.example/package/jinja2', ['https://bulwark.example/package/x-text'], null),
      xText('https://bulwark.example/package/x-text', 'operating-system'),
    ]);
  });

  it('is recognised by its @context under .jsonld, .json, .spdx.json, .txt and -', () => {
    for (const name of ['x.jsonld', 'x.json', 'x.spdx.json', 'x.txt', '-']) {
      const sbom = parseSbom(name, fixture('web-shop.spdx.jsonld'));
      assert.deepEqual([sbom.specVersion, sbom.components.length], ['3.0.1', 2], name);
    }
  });

  const doc = (graph: unknown, context = 'https://spdx.org/rdf/3.0.1/spdx-context.jsonld') =>
    JSON.stringify({ '@context': context, '@graph': graph });
  const pkg = { type: 'software_Package', spdxId: 'urn:a', name: 'a' };
  const errors: [string, string, string, RegExp][] = [
    [
      'no @graph',
      JSON.stringify({ '@context': 'https://spdx.org/rdf/3.0.1/spdx-context.jsonld' }),
      'PARSE_ERROR',
      /'@graph' is missing or not an array/,
    ],
    ['an element that is not an object', doc([pkg, 3]), 'PARSE_ERROR', /@graph\[1\] must be an object/],
    ['an element without a type', doc([{ spdxId: 'urn:x' }]), 'PARSE_ERROR', /@graph\[0\]\.type is missing/],
    [
      'a package without spdxId',
      doc([{ type: 'software_Package', name: 'a' }]),
      'PARSE_ERROR',
      /@graph\[0\] \(software_Package\) has no spdxId/,
    ],
    [
      'a package without a name',
      doc([{ type: 'software_Package', spdxId: 'urn:b' }]),
      'PARSE_ERROR',
      /@graph\[0\] \(software_Package urn:b\) has no name/,
    ],
    [
      'a relationship without from',
      doc([pkg, { type: 'Relationship', relationshipType: 'dependsOn', to: ['urn:a'] }]),
      'PARSE_ERROR',
      /@graph\[1\]: a Relationship needs 'from'/,
    ],
    [
      'SPDX 3.0.0',
      doc([pkg], 'https://spdx.org/rdf/3.0.0/spdx-context.jsonld'),
      'UNSUPPORTED_FORMAT',
      /SPDX 3\.0\.0 JSON-LD seen; accepted: .*SPDX 3\.0\.1 JSON-LD/,
    ],
    [
      'broken JSON',
      '{"@context": "https://spdx.org/rdf/3.0.1/spdx-context.jsonld", "@graph": [',
      'PARSE_ERROR',
      /invalid JSON/,
    ],
  ];
  for (const [label, content, code, message] of errors)
    it(`${label} → ${code}`, () => rejects('bad.spdx.jsonld', content, code, message));

  it('a .jsonld without an SPDX 3 context', () =>
    rejects('x.jsonld', '{"@context": "https://schema.org"}', 'PARSE_ERROR', /not SPDX 3 JSON-LD/));
});

describe('CycloneDX 1.7 and subject sub-components', () => {
  it('reads 1.7 JSON; metadata.component.components are components', () => {
    const sbom = parseSbom('web-shop.cdx.json', fixture('web-shop.cdx-1.7.json'));
    assert.equal(sbom.specVersion, '1.7');
    assert.deepEqual(
      sbom.components.map((c) => [c.name, c.purl, c.dependsOn]),
      [
        ['Jinja2', 'pkg:pypi/jinja2@2.10', ['x-text']],
        ['golang.org/x/text', 'pkg:golang/golang.org/x/text@v0.3.7', []],
      ],
    );
  });

  it('reads 1.7 XML', () => {
    const xml = `<?xml version="1.0"?><bom xmlns="http://cyclonedx.org/schema/bom/1.7"><components><component type="library"><name>a</name><version>1</version></component></components></bom>`;
    const sbom = parseSbom('-', bytes(xml));
    assert.deepEqual([sbom.format, sbom.specVersion, sbom.components.length], ['cyclonedx', '1.7', 1]);
  });
});

describe('UNSUPPORTED_FORMAT names what was seen and what is accepted', () => {
  const cases: [string, string, RegExp][] = [
    [
      'a.cdx.json',
      JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.1' }),
      /CycloneDX JSON specVersion '1\.1' seen; accepted: CycloneDX JSON 1\.2–1\.7/,
    ],
    [
      'a.json',
      JSON.stringify({ spdxVersion: 'SPDX-2.1' }),
      /SPDX spdxVersion 'SPDX-2\.1' seen; accepted: .*SPDX JSON 2\.2\/2\.3/,
    ],
    [
      'a.xml',
      '<bom xmlns="http://cyclonedx.org/schema/bom/2.0"/>',
      /CycloneDX XML 2\.0 seen; accepted: .*CycloneDX XML 1\.0–1\.7/,
    ],
    [
      '-',
      'name,version\nflask,2.0\n',
      /the content is not an SBOM this server reads \(it starts with "name,version flask,2\.0"\)/,
    ],
    [
      'sbom.txt',
      JSON.stringify({ hello: 'world' }),
      /neither bomFormat .* nor an SPDX 3 @context; accepted:/,
    ],
    ['bom.yaml', 'bomFormat: CycloneDX', /not a recognised SBOM file name/],
  ];
  for (const [name, content, message] of cases)
    it(`${name}: ${content.slice(0, 30)}`, () => rejects(name, content, 'UNSUPPORTED_FORMAT', message));

  it('a .json of no family is broken content (PARSE_ERROR), as before', () =>
    rejects('a.json', '{"a":1}', 'PARSE_ERROR', /neither bomFormat/));
});
