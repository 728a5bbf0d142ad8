import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParsedSbom } from '../sbom-model.ts';
import { streamCycloneDxXml } from './cyclonedx-xml-stream.ts';
import { parseSbom } from './parse-sbom.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const HEAD = '<?xml version="1.0"?>\n<bom xmlns="http://cyclonedx.org/schema/bom/1.6" xmlns:x="urn:x">\n';

/**
 * The whole parse and the stream (3-byte chunks, the graph read ahead corrected as the upload's worker does) must
 * agree; the whole parse's result is returned.
 */
function read(body: string): ParsedSbom {
  const text = `${HEAD}${body}</bom>\n`;
  const whole = parseSbom('a.xml', bytes(text));
  const stream = streamCycloneDxXml('a.xml', bytes(text), 3);
  const streamed = [...stream.components];
  const changes = stream.dependencyChanges();
  for (const c of streamed)
    if (c.bomRef !== null && changes.has(c.bomRef)) c.dependsOn = changes.get(c.bomRef)!;
  assert.deepEqual(streamed, whole.components);
  assert.deepEqual(stream.subject(), whole.metadataComponent);
  assert.deepEqual(stream.tools, whole.tools);
  return whole;
}

const components = (inner: string) => read(`<components>${inner}</components>`).components;

/**
 * What the reader keeps of a unit, pinned by hand: the first element of a name counts, text stops at the first
 * child element the model could read (a skipped one does not count), CDATA never stops, attributes go by local
 * name with the last of a name winning, and only a <dependency>'s own <dependency> children are its targets.
 */
describe('CycloneDX XML: what the reader keeps of each element', () => {
  it('text before a child element counts, after it not; a skipped child or a comment does not stop it', () => {
    const [a, b, c] = components(
      '<component><name>foo<b/>bar</name></component>' +
        '<component><name>foo<description>d</description>bar</name></component>' +
        '<component><name>f<!-- c -->o&amp;o<?pi x?>d</name></component>',
    );
    assert.equal(a!.name, 'foo');
    assert.equal(b!.name, 'foobar');
    assert.equal(c!.name, 'fo&od');
  });

  it('CDATA counts after a child element too', () => {
    const [a] = components('<component><name> a<b/><![CDATA[ c ]]></name></component>');
    assert.equal(a!.name, 'a c');
  });

  it('the first element of a name counts, with any prefix; later ones and unknown elements are ignored', () => {
    const [a] = components(
      '<component><x:name>first</x:name><name>second</name><version/><version>2</version>' +
        '<hashes><hash alg=" SHA-1 "> ab </hash><hash alg="MD5"> </hash><hash>cd</hash></hashes>' +
        '<hashes><hash alg="SHA-256">ef</hash></hashes><unknown><name>no</name></unknown></component>',
    );
    assert.equal(a!.name, 'first');
    assert.equal(a!.version, null);
    assert.deepEqual(a!.hashes, [{ alg: 'SHA-1', content: 'ab' }]);
  });

  it('attributes by local name, the last one written of a name winning', () => {
    const [a, b] = components(
      '<component type="library" x:type="framework" bom-ref="r1"><name>a</name></component>' +
        '<component x:type="framework" type="library" x:bom-ref="r2"><name>b</name></component>',
    );
    assert.deepEqual([a!.type, a!.bomRef], ['framework', 'r1']);
    assert.deepEqual([b!.type, b!.bomRef], ['library', 'r2']);
  });

  it('licenses: an id before a name, names, expressions; supplier name; scope', () => {
    const [a] = components(
      '<component><name>a</name><supplier><url>u</url><name> S </name></supplier><scope>optional</scope>' +
        '<licenses><license><name>N</name><id>MIT</id></license><license><name>Own</name></license>' +
        '<license><text>t</text></license><expression>A OR B</expression></licenses></component>',
    );
    assert.deepEqual(a!.licenses, ['MIT', 'Own', 'A OR B']);
    assert.deepEqual(a!.licenseData, { cdx: [{ id: 'MIT' }, { name: 'Own' }, { expression: 'A OR B' }] });
    assert.equal(a!.supplier, 'S');
    assert.equal(a!.scope, 'optional');
  });

  it('only the root’s first <metadata>, <components> and <dependencies> count, and only their own units', () => {
    const sbom = read(
      '<metadata><component bom-ref="app"><name>app</name><components><component><name>m</name></component>' +
        '</components></component><tools><tool><name>t1</name></tool><components><component><name>t2</name>' +
        '<version>2</version></component></components><services><service><name>t3</name></service></services>' +
        '</tools></metadata><metadata><component><name>other</name></component></metadata>' +
        '<components><service><name>s</name></service><component bom-ref="a"><name>a</name><components>' +
        '<component bom-ref="b"><name>b</name></component></components></component></components>' +
        '<components><component><name>second list</name></component></components>' +
        '<extra><components><component><name>elsewhere</name></component></components></extra>' +
        '<dependencies><dependency ref="a"><dependency ref="b"><dependency ref="app"/></dependency>' +
        '<dependency ref=" "/><dependency/><x:dependency ref="app"/></dependency><dependency ref=" b "/>' +
        '<dependency ref="a"><dependency ref="a"/></dependency><dependency><dependency ref="b"/></dependency>' +
        '<dependency ref="app"><dependency ref="a"/></dependency><other ref="b"/></dependencies>' +
        '<dependencies><dependency ref="b"><dependency ref="a"/></dependency></dependencies>',
    );
    assert.deepEqual(
      sbom.components.map((c) => [c.name, c.bomRef, c.dependsOn]),
      [
        ['m', null, []],
        ['a', 'a', ['b', 'app', 'a']],
        ['b', 'b', []],
      ],
    );
    assert.deepEqual([sbom.metadataComponent!.name, sbom.metadataComponent!.dependsOn], ['app', ['a']]);
    assert.deepEqual(sbom.tools, [
      { name: 't1', version: null },
      { name: 't2', version: '2' },
      { name: 't3', version: null },
    ]);
  });

  it('a component without a name is refused by its path, nested ones and the subject’s included', () => {
    const refusal = (body: string) => {
      const text = bytes(`${HEAD}${body}</bom>\n`);
      const whole = () => parseSbom('a.xml', text);
      const stream = () => [...streamCycloneDxXml('a.xml', text, 5).components];
      const messages = [whole, stream].map((read) => {
        try {
          read();
          return 'read';
        } catch (error) {
          return (error as Error).message;
        }
      });
      assert.equal(messages[1], messages[0]);
      return messages[0];
    };
    const named = '<component><name>a</name></component>';
    assert.equal(
      refusal(`<components>${named}<component><version>1</version></component></components>`),
      "'a.xml': components/component[2] has no <name>",
    );
    assert.equal(
      refusal(
        `<components>${named}<component><name>b</name><components>${named}<component/></components>` +
          '</component></components>',
      ),
      "'a.xml': components/component[2]/components/component[2] has no <name>",
    );
    assert.equal(
      refusal('<metadata><component><version>1</version></component></metadata>'),
      "'a.xml': metadata/component has no <name>",
    );
    assert.equal(
      refusal(
        `<metadata><component><name>m</name><components><component><name>x</name><components><component/>` +
          '</components></component></components></component></metadata>',
      ),
      "'a.xml': metadata/component/components/component[1]/components/component[1] has no <name>",
    );
  });
});
