import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { AppError } from '../../errors.ts';
import { kindFromFileName, parseSbom } from './parse-sbom.ts';
import { SHARED_DATA, sharedDataSkip } from '../../../test/support/shared-data.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const parse = (name: string, content: string | object) =>
  parseSbom(name, bytes(typeof content === 'string' ? content : JSON.stringify(content)));

function rejects(name: string, content: string | object, code: string, message: RegExp): void {
  assert.throws(
    () => parse(name, content),
    (error: unknown) => {
      assert.ok(error instanceof AppError, String(error));
      assert.equal(error.code, code);
      assert.equal(error.status, 400);
      assert.match(error.message, message);
      return true;
    },
  );
}

const cdx = (extra: object = {}) => ({ bomFormat: 'CycloneDX', specVersion: '1.5', version: 1, ...extra });
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

describe('format detection by file name', () => {
  const table: [string, string][] = [
    ['app.cdx.json', 'cyclonedx-json'],
    ['app.bom.json', 'cyclonedx-json'],
    ['APP.SPDX.JSON', 'spdx-json'],
    ['bom.json', 'json'],
    ['bom.xml', 'cyclonedx-xml'],
    ['app.cdx.xml', 'cyclonedx-xml'],
    ['app.bom.xml', 'cyclonedx-xml'],
  ];
  for (const [name, kind] of table) it(`${name} → ${kind}`, () => assert.equal(kindFromFileName(name), kind));

  for (const name of ['bom.json.gz', 'bom.yaml', 'bom.pdf']) {
    it(`${name} → UNSUPPORTED_FORMAT`, () =>
      rejects(name, cdx(), 'UNSUPPORTED_FORMAT', /not a recognised SBOM file name/));
  }

  it('plain .json is decided by the document', () => {
    assert.equal(parse('x.json', cdx()).format, 'cyclonedx');
    assert.equal(parse('x.json', { spdxVersion: 'SPDX-2.3', SPDXID: 'SPDXRef-DOCUMENT' }).format, 'spdx');
  });
});

describe('content checks → PARSE_ERROR saying what and where', () => {
  it('tag-value text in a .spdx.json (a name that promises JSON)', () =>
    rejects(
      'a.spdx.json',
      'SPDXVersion: SPDX-2.3\nDataLicense: CC0-1.0\n',
      'PARSE_ERROR',
      /'a\.spdx\.json': .*tag-value/,
    ));
  it('JSON that is not an SBOM', () =>
    rejects('a.json', { hello: 'world' }, 'PARSE_ERROR', /neither bomFormat .* nor spdxVersion/));
  it('a JSON array', () => rejects('a.json', '[1,2]', 'PARSE_ERROR', /not an SBOM/));
  it('trailing garbage after the JSON', () =>
    rejects(
      'a.cdx.json',
      `${JSON.stringify(cdx())} trailing`,
      'PARSE_ERROR',
      /invalid JSON: .*position \d+/,
    ));
  it('truncated JSON', () =>
    rejects('a.cdx.json', '{"bomFormat": "CycloneDX", "components": [', 'PARSE_ERROR', /invalid JSON/));
  it('SPDX content in a .cdx.json', () =>
    rejects(
      'a.cdx.json',
      { spdxVersion: 'SPDX-2.3' },
      'PARSE_ERROR',
      /not a CycloneDX document: bomFormat is null/,
    ));
  it('CycloneDX content in a .spdx.json', () =>
    rejects('a.spdx.json', cdx(), 'PARSE_ERROR', /spdxVersion is missing/));
  it('unsupported CycloneDX JSON version', () =>
    rejects(
      'a.cdx.json',
      cdx({ specVersion: '1.1' }),
      'UNSUPPORTED_FORMAT',
      /CycloneDX JSON specVersion '1\.1' seen/,
    ));
  it('unsupported SPDX version', () =>
    rejects(
      'a.spdx.json',
      { spdxVersion: 'SPDX-2.1' },
      'UNSUPPORTED_FORMAT',
      /SPDX spdxVersion 'SPDX-2\.1' seen/,
    ));
  it('a component without a name names its path', () =>
    rejects(
      'a.cdx.json',
      cdx({ components: [{ name: 'a' }, { name: 'b', components: [{ version: '1' }] }] }),
      'PARSE_ERROR',
      /components\[1\]\.components\[0\]\.name is missing/,
    ));
  it('components that are not an array', () =>
    rejects('a.cdx.json', cdx({ components: {} }), 'PARSE_ERROR', /components must be an array/));
  it('invalid UTF-8', () =>
    assert.throws(
      () => parseSbom('a.cdx.json', Uint8Array.from([0x7b, 0xff, 0xfe, 0x7d])),
      /not valid UTF-8/,
    ));
  it('XML uploaded as JSON', () => rejects('a.cdx.json', '<bom/>', 'PARSE_ERROR', /holds XML, not JSON/));
  it('XML that is not CycloneDX', () =>
    rejects(
      'a.xml',
      `${XML_HEAD}<project><name>x</name></project>`,
      'PARSE_ERROR',
      /root element is <project>/,
    ));
  it('a <bom> of another namespace', () =>
    rejects(
      'a.xml',
      `${XML_HEAD}<bom xmlns="http://example.com/bom"/>`,
      'PARSE_ERROR',
      /not a CycloneDX 1\.0–1\.7 namespace/,
    ));
  it('malformed XML names line and column', () =>
    rejects(
      'a.xml',
      `${XML_HEAD}<bom xmlns="http://cyclonedx.org/schema/bom/1.4">\n<components>\n</bom>`,
      'PARSE_ERROR',
      /malformed XML: expected <\/components> but found <\/bom> at line 4, column 1/,
    ));
  it('truncated XML', () =>
    rejects(
      'a.xml',
      `${XML_HEAD}<bom xmlns="http://cyclonedx.org/schema/bom/1.4"><components><component type="library"><name>a</name>`,
      'PARSE_ERROR',
      /malformed XML/,
    ));
  it('not XML at all', () =>
    rejects('a.xml', 'hello', 'PARSE_ERROR', /no XML root element|malformed XML|root element/));
  it('an XML bomb (entity expansion) is refused before parsing', () => {
    const bomb = `${XML_HEAD}<!DOCTYPE bom [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>\n<bom xmlns="http://cyclonedx.org/schema/bom/1.4"><components><component type="library"><name>&c;</name></component></components></bom>`;
    rejects('a.xml', bomb, 'PARSE_ERROR', /DOCTYPE declarations are not accepted \(line 2, column 1\)/);
  });
  it('an external entity (XXE) is refused', () => {
    const xxe = `${XML_HEAD}<!DOCTYPE bom [<!ENTITY x SYSTEM "file:///etc/passwd">]><bom xmlns="http://cyclonedx.org/schema/bom/1.4"><components><component><name>&x;</name></component></components></bom>`;
    rejects('a.xml', xxe, 'PARSE_ERROR', /DOCTYPE/);
  });
  const wrap = (inner: string) =>
    `${XML_HEAD}<bom xmlns="http://cyclonedx.org/schema/bom/1.4"><components>${inner}</components></bom>`;
  const xmlErrors: [string, string, RegExp][] = [
    [
      'unquoted attribute',
      wrap('<component type=library><name>a</name></component>'),
      /malformed start tag <component>/,
    ],
    [
      'undefined entity',
      wrap('<component><name>a &nbsp; b</name></component>'),
      /undefined entity or stray "&" at line 2/,
    ],
    [
      'stray ampersand in an attribute',
      wrap('<component bom-ref="a&b"><name>a</name></component>'),
      /undefined entity/,
    ],
    ['text after the root', `${wrap('')}\ntrailing`, /text after the root element at line 3, column 1/],
    ['a second root', `${wrap('')}<bom/>`, /a second root element/],
    ['a closing tag without an open one', `${wrap('')}</bom>`, /closing tag <\/bom> without an open element/],
    ['unterminated comment', wrap('<!-- no end'), /unterminated comment/],
  ];
  for (const [label, xml, message] of xmlErrors)
    it(`XML: ${label}`, () => rejects('a.xml', xml, 'PARSE_ERROR', message));

  it('XML: entities, character references, CDATA, comments, PIs and prefixes are read', () => {
    const xml = `${XML_HEAD}<?pi x?><!-- c --><c:bom xmlns:c="http://cyclonedx.org/schema/bom/1.3"><c:components><!-- c -->
      <c:component type="library" bom-ref="r&amp;1"><c:name>a &lt;&#38;&#x3E; <![CDATA[<b>&amp;</b>]]></c:name><c:version>1</c:version>
      <c:description><![CDATA[ unused ]]><p>nested markup, skipped</p></c:description></c:component></c:components></c:bom>`;
    const [c] = parse('a.xml', xml).components;
    assert.equal(c?.bomRef, 'r&1');
    assert.equal(c?.name, 'a <&> <b>&amp;</b>');
    assert.equal(c?.version, '1');
  });

  it('"<!DOCTYPE" inside CDATA is text, not a declaration', () => {
    const xml = `${XML_HEAD}<bom xmlns="http://cyclonedx.org/schema/bom/1.4"><components><component type="library"><name>a</name><description><![CDATA[<!DOCTYPE html>]]></description></component></components></bom>`;
    assert.equal(parse('a.xml', xml).components.length, 1);
  });
});

describe('CycloneDX JSON', () => {
  const doc = cdx({
    metadata: {
      tools: {
        components: [{ type: 'application', name: 'cdxgen', version: '10.0.0' }],
        services: [{ name: 'scanner' }],
      },
      component: {
        'bom-ref': 'root',
        type: 'application',
        name: 'shop',
        version: '1.0.0',
        components: [{ name: 'shop-ui', 'bom-ref': 'ui' }],
      },
    },
    components: [
      {
        'bom-ref': 'a',
        type: 'library',
        group: '@acme',
        name: 'a',
        version: '1.0.0',
        purl: 'pkg:npm/%40acme/a@1.0.0?b=2&a=1',
        licenses: [{ license: { id: 'MIT' } }, { license: { name: 'Custom' } }],
        scope: 'required',
        hashes: [{ alg: 'SHA-256', content: 'abc' }],
        supplier: { name: 'Acme' },
        cpe: 'cpe:2.3:a:acme:a:1.0.0:*:*:*:*:*:*:*',
        components: [
          {
            'bom-ref': 'a1',
            name: 'a-child',
            version: '2',
            purl: 'pkg:pypi/Django_Rest@2',
            licenses: [{ expression: 'MIT OR Apache-2.0' }],
          },
        ],
      },
      { 'bom-ref': 'b', name: 'b', purl: 'not a purl' },
    ],
    dependencies: [{ ref: 'root', dependsOn: ['a'] }, { ref: 'a', dependsOn: ['a1', 'b'] }, { ref: 'b' }],
  });

  it('flattens nested components depth-first and keeps metadata.component out', () => {
    const sbom = parse('x.cdx.json', doc);
    assert.deepEqual(
      sbom.components.map((c) => c.bomRef),
      ['ui', 'a', 'a1', 'b'],
    );
    assert.equal(sbom.metadataComponent?.name, 'shop');
    assert.deepEqual(sbom.metadataComponent?.dependsOn, ['a']);
    assert.deepEqual(sbom.tools, [
      { name: 'cdxgen', version: '10.0.0' },
      { name: 'scanner', version: null },
    ]);
  });

  it('maps every field', () => {
    const [, a, a1, b] = parse('x.cdx.json', doc).components;
    assert.deepEqual(a, {
      bomRef: 'a',
      type: 'library',
      group: '@acme',
      name: 'a',
      version: '1.0.0',
      purl: 'pkg:npm/%40acme/a@1.0.0?a=1&b=2',
      cpe: 'cpe:2.3:a:acme:a:1.0.0:*:*:*:*:*:*:*',
      ecosystem: 'npm',
      packageKey: '@acme/a',
      licenses: ['MIT', 'Custom'],
      licenseData: { cdx: [{ id: 'MIT' }, { name: 'Custom' }] },
      hashes: [{ alg: 'SHA-256', content: 'abc' }],
      supplier: 'Acme',
      scope: 'required',
      dependsOn: ['a1', 'b'],
    });
    assert.equal(a1?.purl, 'pkg:pypi/django-rest@2');
    assert.equal(a1?.ecosystem, 'PyPI');
    assert.equal(a1?.packageKey, 'django-rest');
    assert.deepEqual(a1?.licenses, ['MIT OR Apache-2.0']);
    assert.equal(b?.purl, null);
    assert.equal(b?.ecosystem, null);
    assert.equal(b?.packageKey, null);
    assert.equal(b?.type, 'library');
  });

  it('reads the legacy array form of metadata.tools', () => {
    const sbom = parse(
      'x.bom.json',
      cdx({ specVersion: '1.4', metadata: { tools: [{ vendor: 'CycloneDX', name: 'cli', version: '1' }] } }),
    );
    assert.deepEqual(sbom.tools, [{ name: 'cli', version: '1' }]);
    assert.deepEqual(sbom.components, []);
  });

  it('an unknown purl type keeps the type as ecosystem', () =>
    assert.equal(
      parse('x.cdx.json', cdx({ components: [{ name: 'x', purl: 'pkg:generic/x@1' }] })).components[0]
        ?.ecosystem,
      'generic',
    ));
});

describe('CycloneDX XML', () => {
  const xml = `${XML_HEAD}<bom xmlns="http://cyclonedx.org/schema/bom/1.6" version="1">
  <metadata>
    <tools><components><component type="application"><name>cdxgen</name><version>10</version></component></components></tools>
    <component type="application" bom-ref="root"><name>shop</name></component>
  </metadata>
  <components>
    <component type="library" bom-ref="a">
      <supplier><name>Acme &amp; Co</name></supplier>
      <group>org.acme</group><name>a</name><version>1.0</version><scope>optional</scope>
      <hashes><hash alg="SHA-1">0123</hash></hashes>
      <licenses><license><id>Apache-2.0</id></license><license><name>Other</name></license></licenses>
      <purl>pkg:maven/org.acme/a@1.0</purl>
      <pedigree><ancestors><component type="library"><name>ancestor</name></component></ancestors></pedigree>
      <components><component type="library" bom-ref="a1"><name>a1</name><licenses><expression>MIT</expression></licenses></component></components>
    </component>
  </components>
  <dependencies><dependency ref="a"><dependency ref="a1"/></dependency><dependency ref="root"><dependency ref="a"/></dependency></dependencies>
</bom>`;

  it('parses 1.6 with nested components, tools and the graph; pedigree ancestors are not components', () => {
    const sbom = parse('bom.xml', xml);
    assert.equal(sbom.specVersion, '1.6');
    assert.deepEqual(sbom.tools, [{ name: 'cdxgen', version: '10' }]);
    assert.equal(sbom.metadataComponent?.bomRef, 'root');
    assert.deepEqual(sbom.components, [
      {
        bomRef: 'a',
        type: 'library',
        group: 'org.acme',
        name: 'a',
        version: '1.0',
        purl: 'pkg:maven/org.acme/a@1.0',
        cpe: null,
        ecosystem: 'Maven',
        packageKey: 'org.acme:a',
        licenses: ['Apache-2.0', 'Other'],
        licenseData: { cdx: [{ id: 'Apache-2.0' }, { name: 'Other' }] },
        hashes: [{ alg: 'SHA-1', content: '0123' }],
        supplier: 'Acme & Co',
        scope: 'optional',
        dependsOn: ['a1'],
      },
      {
        bomRef: 'a1',
        type: 'library',
        group: null,
        name: 'a1',
        version: null,
        purl: null,
        cpe: null,
        ecosystem: null,
        packageKey: null,
        licenses: ['MIT'],
        licenseData: { cdx: [{ expression: 'MIT' }] },
        hashes: [],
        supplier: null,
        scope: null,
        dependsOn: [],
      },
    ]);
  });

  it('accepts 1.0 with a prefixed namespace and an empty component list', () => {
    const sbom = parse(
      'bom.xml',
      `<c:bom xmlns:c="http://cyclonedx.org/schema/bom/1.0" version="1"><c:components/></c:bom>`,
    );
    assert.equal(sbom.specVersion, '1.0');
    assert.deepEqual(sbom.components, []);
  });
});

describe('SPDX JSON', () => {
  const pkg = (id: string, extra: object = {}) => ({ SPDXID: id, name: id.toLowerCase(), ...extra });
  const spdx = (extra: object) => ({ spdxVersion: 'SPDX-2.3', SPDXID: 'SPDXRef-DOCUMENT', ...extra });

  it('the single described package is the subject, not a component', () => {
    const sbom = parse(
      'x.spdx.json',
      spdx({ documentDescribes: ['SPDXRef-R'], packages: [pkg('SPDXRef-R'), pkg('SPDXRef-A')] }),
    );
    assert.equal(sbom.metadataComponent?.bomRef, 'SPDXRef-R');
    assert.deepEqual(
      sbom.components.map((c) => c.bomRef),
      ['SPDXRef-A'],
    );
  });

  it("DESCRIBED_BY and Trivy's DESCRIBE name the root too", () => {
    for (const rel of [
      {
        spdxElementId: 'SPDXRef-R',
        relationshipType: 'DESCRIBED_BY',
        relatedSpdxElement: 'SPDXRef-DOCUMENT',
      },
      { spdxElementId: 'SPDXRef-DOCUMENT', relationshipType: 'DESCRIBE', relatedSpdxElement: 'SPDXRef-R' },
    ]) {
      const sbom = parse(
        'x.spdx.json',
        spdx({ packages: [pkg('SPDXRef-R'), pkg('SPDXRef-A')], relationships: [rel] }),
      );
      assert.deepEqual(
        sbom.components.map((c) => c.bomRef),
        ['SPDXRef-A'],
      );
    }
  });

  it('several described packages: no single root, all stay components', () => {
    const sbom = parse(
      'x.spdx.json',
      spdx({ documentDescribes: ['SPDXRef-A', 'SPDXRef-B'], packages: [pkg('SPDXRef-A'), pkg('SPDXRef-B')] }),
    );
    assert.equal(sbom.metadataComponent, undefined);
    assert.equal(sbom.components.length, 2);
  });

  it('maps fields and dependency relationships in both directions', () => {
    const sbom = parse(
      'x.spdx.json',
      spdx({
        creationInfo: { creators: ['Tool: syft-0.64.0', 'Organization: Anchore'] },
        packages: [
          pkg('SPDXRef-A', {
            versionInfo: '1.2',
            supplier: 'Organization: Acme',
            licenseConcluded: 'NOASSERTION',
            licenseDeclared: 'MIT',
            checksums: [{ algorithm: 'SHA256', checksumValue: 'ff' }],
            primaryPackagePurpose: 'OPERATING_SYSTEM',
            externalRefs: [
              {
                referenceCategory: 'SECURITY',
                referenceType: 'cpe23Type',
                referenceLocator: 'cpe:2.3:a:acme:a:1.2:*:*:*:*:*:*:*',
              },
              {
                referenceCategory: 'PACKAGE-MANAGER',
                referenceType: 'purl',
                referenceLocator: 'pkg:golang/github.com/acme/a@1.2',
              },
            ],
          }),
          pkg('SPDXRef-B'),
          pkg('SPDXRef-C'),
        ],
        relationships: [
          { spdxElementId: 'SPDXRef-A', relationshipType: 'DEPENDS_ON', relatedSpdxElement: 'SPDXRef-B' },
          {
            spdxElementId: 'SPDXRef-C',
            relationshipType: 'DEV_DEPENDENCY_OF',
            relatedSpdxElement: 'SPDXRef-A',
          },
          { spdxElementId: 'SPDXRef-B', relationshipType: 'CONTAINS', relatedSpdxElement: 'SPDXRef-C' },
        ],
      }),
    );
    assert.deepEqual(sbom.tools, [{ name: 'syft-0.64.0', version: null }]);
    assert.deepEqual(sbom.components[0], {
      bomRef: 'SPDXRef-A',
      type: 'operating-system',
      group: null,
      name: 'spdxref-a',
      version: '1.2',
      purl: 'pkg:golang/github.com/acme/a@1.2',
      cpe: 'cpe:2.3:a:acme:a:1.2:*:*:*:*:*:*:*',
      ecosystem: 'Go',
      packageKey: 'github.com/acme/a',
      licenses: ['MIT'],
      licenseData: { spdx: { concluded: 'NOASSERTION', declared: 'MIT' } },
      hashes: [{ alg: 'SHA-256', content: 'ff' }],
      supplier: 'Acme',
      scope: null,
      dependsOn: ['SPDXRef-B', 'SPDXRef-C'],
    });
    assert.deepEqual(sbom.components[1]?.dependsOn, []);
  });

  it('a package without SPDXID names its index', () =>
    rejects(
      'x.spdx.json',
      spdx({ packages: [pkg('SPDXRef-A'), { name: 'b' }] }),
      'PARSE_ERROR',
      /packages\[1\]\.SPDXID is missing/,
    ));
});

describe('never anything but PARSE_ERROR on broken real files', () => {
  const DATA = new URL('sboms/', SHARED_DATA);
  const files = [
    'cyclonedx/juice-shop__v11.1.2__bom.xml',
    'cyclonedx/laravel-7.12.0__bom.1.4.json',
    'spdx/microsoft-sbom-tool-nuget.spdx-2.2.json',
  ];
  for (const file of files) {
    it(`${file}: 40 truncations and 40 injected bytes`, { skip: sharedDataSkip('sboms') }, () => {
      const bytes = readFileSync(new URL(file, DATA));
      const name = file.split('/').pop()!;
      let seed = 42;
      const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
      const variants: Uint8Array[] = [];
      for (let i = 0; i < 40; i++) variants.push(bytes.subarray(0, Math.floor(random() * bytes.length)));
      for (let i = 0; i < 40; i++) {
        const copy = Uint8Array.from(bytes);
        copy[Math.floor(random() * copy.length)] = '<{"&\u0000]'.charCodeAt(i % 6);
        variants.push(copy);
      }
      for (const variant of variants) {
        try {
          parseSbom(name, variant);
        } catch (error) {
          assert.ok(error instanceof AppError, `${String(error)}`);
          assert.equal(error.code, 'PARSE_ERROR');
        }
      }
    });
  }
});
