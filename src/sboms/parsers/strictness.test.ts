import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSbom } from './parse-sbom.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const cdx = (components: unknown[], metadata?: unknown) =>
  JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    ...(metadata ? { metadata } : {}),
    components,
  });
const spdx = (packages: unknown[]) =>
  JSON.stringify({
    spdxVersion: 'SPDX-2.3',
    SPDXID: 'SPDXRef-DOCUMENT',
    name: 'doc',
    dataLicense: 'CC0-1.0',
    documentNamespace: 'https://example.com/doc',
    creationInfo: { created: '2024-01-01T00:00:00Z', creators: ['Tool: x'] },
    packages,
  });
const xml = (inner: string, before = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${before}<bom xmlns="http://cyclonedx.org/schema/bom/1.4"><components>${inner}</components></bom>`;

describe('SBOM parsing: strict where lenient parsing hid mistakes', () => {
  const refused: Array<[string, string, string, string]> = [
    [
      'numeric name',
      'a.cdx.json',
      cdx([{ name: 123 }]),
      "'a.cdx.json': components[0].name must be a string, not number",
    ],
    [
      'object version',
      'a.cdx.json',
      cdx([{ name: 'a', version: { v: 1 } }]),
      "'a.cdx.json': components[0].version must be a string, not object",
    ],
    [
      'SPDX numeric versionInfo',
      'a.spdx.json',
      spdx([{ SPDXID: 'SPDXRef-a', name: 'a', versionInfo: 1 }]),
      "'a.spdx.json': packages[0].versionInfo must be a string, not number",
    ],
    [
      'CRLF inside a name',
      'a.cdx.json',
      cdx([{ name: 'left\r\npad' }]),
      `'a.cdx.json': component 1 ("left\\r\\npad"): name must not contain control characters: U+000D at position 4`,
    ],
    [
      'NUL in a version',
      'a.cdx.json',
      cdx([{ name: 'a', version: '1\u00000' }]),
      `'a.cdx.json': component 1 ("a"): version must not contain control characters: U+0000 at position 1`,
    ],
    [
      'a 1,025-character name',
      'a.cdx.json',
      cdx([{ name: 'n'.repeat(1025) }]),
      `'a.cdx.json': component 1 ("${'n'.repeat(100)}"): name is 1025 characters long; at most 1024`,
    ],
    [
      "the SBOM's own version of 5,000 characters",
      'a.cdx.json',
      cdx([], { component: { name: 'app', version: 'v'.repeat(5000) } }),
      "'a.cdx.json': the SBOM subject (metadata component): version is 5000 characters long; at most 1024",
    ],
    [
      'a purl over 4,096 characters',
      'a.cdx.json',
      cdx([{ name: 'a', purl: `pkg:npm/a@1?x=${'q'.repeat(4100)}` }]),
      `'a.cdx.json': component 1 ("a"): purl is 4114 characters long; at most 4096`,
    ],
  ];
  for (const [what, file, text, message] of refused) {
    it(`refuses ${what}`, () =>
      assert.throws(() => parseSbom(file, bytes(text)), { code: 'PARSE_ERROR', status: 400, message }));
  }

  it('refuses a duplicate XML attribute', () => {
    assert.throws(
      () =>
        parseSbom('a.xml', bytes(xml('<component type="library" type="file"><name>a</name></component>'))),
      { code: 'PARSE_ERROR', message: /duplicate attribute 'type'/ },
    );
  });

  it('a DOCTYPE is text inside a comment and inside CDATA alike, and refused anywhere else', () => {
    const inComment = parseSbom(
      'a.xml',
      bytes(xml('<component><name>a</name></component>', '<!-- <!DOCTYPE x> -->')),
    );
    assert.equal(inComment.components.length, 1);
    const inCdata = parseSbom(
      'a.xml',
      bytes(xml('<component><name><![CDATA[<!DOCTYPE x>]]></name></component>')),
    );
    assert.equal(inCdata.components[0]!.name, '<!DOCTYPE x>');
    assert.throws(() => parseSbom('a.xml', bytes(xml('', '<!DOCTYPE bom [<!ENTITY e "x">]>'))), {
      code: 'PARSE_ERROR',
      message: "'a.xml': XML DOCTYPE declarations are not accepted (line 2, column 1)",
    });
    // A comment that closes before the declaration does not hide it.
    assert.throws(() => parseSbom('a.xml', bytes(xml('', '<!-- x --><!DOCTYPE bom>'))), {
      message: /DOCTYPE declarations are not accepted/,
    });
  });

  it('reports duplicate bom-refs as warnings and keeps both components', () => {
    const sbom = parseSbom(
      'a.cdx.json',
      bytes(cdx([{ name: 'a', 'bom-ref': 'x' }, { name: 'b' }, { name: 'c', 'bom-ref': 'x' }])),
    );
    assert.deepEqual(
      sbom.components.map((c) => c.name),
      ['a', 'b', 'c'],
    );
    assert.deepEqual(sbom.warnings, [
      "duplicate bom-ref 'x': component 3 repeats component 1; dependencies refer to the first",
    ]);
    assert.equal(parseSbom('a.cdx.json', bytes(cdx([{ name: 'a', 'bom-ref': 'x' }]))).warnings, undefined);
  });
});
