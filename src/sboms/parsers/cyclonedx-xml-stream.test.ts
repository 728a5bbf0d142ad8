import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParsedComponent } from '../sbom-model.ts';
import { dependenciesAhead, streamCycloneDxXml } from './cyclonedx-xml-stream.ts';
import { parseSbom } from './parse-sbom.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<bom xmlns="http://cyclonedx.org/schema/bom/1.6">\n';

/** A component whose every field the model reads is set, with characters of 1 to 4 UTF-8 bytes. */
const component = (i: number) =>
  `<component type="library" bom-ref="c${i}"><group>g&amp;${i}</group><name>naïve-ü-${i}-😀</name>` +
  `<version>1.${i}</version><purl>pkg:npm/p${i}@1.${i}</purl><cpe>cpe:2.3:a:x:p${i}:1:*:*:*:*:*:*:*</cpe>` +
  `<hashes><hash alg="SHA-256">${String(i).padStart(64, '0')}</hash></hashes>` +
  `<licenses><license><id>MIT</id></license><expression>MIT OR 0BSD</expression></licenses>` +
  `<supplier><name><![CDATA[S<${i}>]]></name></supplier><scope>required</scope>` +
  `<description>skipped &lt;${i}&gt;<p>markup</p></description></component>\n`;

function document(count: number, { dependencies = 'after' }: { dependencies?: 'after' | 'before' } = {}) {
  const graph =
    '<dependencies>' +
    Array.from(
      { length: count },
      (_, i) => `<dependency ref="c${i}"><dependency ref="c${(i + 1) % count}"/></dependency>`,
    ).join('') +
    '<dependency ref="app"><dependency ref="c0"/></dependency></dependencies>\n';
  const metadata =
    '<metadata><tools><tool><name>t</name><version>1</version></tool></tools>' +
    '<component type="application" bom-ref="app"><name>app</name><version>9</version></component></metadata>\n';
  const components = `<components>\n${Array.from({ length: count }, (_, i) => component(i)).join('')}</components>\n`;
  return HEAD + metadata + (dependencies === 'before' ? graph + components : components + graph) + '</bom>\n';
}

/** Everything the stream gives, read to the end with `chunkBytes` bytes decoded at a time. */
function streamed(text: string, chunkBytes: number) {
  const stream = streamCycloneDxXml('a.xml', bytes(text), chunkBytes);
  const components: ParsedComponent[] = [...stream.components];
  return {
    specVersion: stream.specVersion,
    components,
    tools: stream.tools,
    subject: stream.subject(),
    changes: stream.dependencyChanges(),
  };
}

describe('CycloneDX XML read a chunk at a time', () => {
  for (const chunkBytes of [1, 7, 4096]) {
    it(`gives what parseSbom gives with ${chunkBytes}-byte chunks (tags, entities, CDATA and 4-byte characters split)`, () => {
      const text = document(40);
      const whole = parseSbom('a.xml', bytes(text));
      const stream = streamed(text, chunkBytes);
      assert.equal(stream.specVersion, '1.6');
      assert.deepEqual(stream.components, whole.components);
      assert.deepEqual(stream.subject, whole.metadataComponent);
      assert.deepEqual(stream.tools, [{ name: 't', version: '1' }]);
      assert.equal(stream.changes.size, 0);
      assert.equal(stream.components[3]!.name, 'naïve-ü-3-😀');
      assert.equal(stream.components[3]!.group, 'g&3');
      assert.equal(stream.components[3]!.supplier, 'S<3>');
      assert.deepEqual(stream.components[39]!.dependsOn, ['c0']);
      assert.deepEqual(stream.subject!.dependsOn, ['c0']);
    });
  }

  it('a component split across the boundary of two 1 MiB chunks comes whole', () => {
    const text = document(5_000);
    const size = bytes(text).byteLength;
    assert.ok(size > 2 * 1_048_576, `${size} bytes`);
    const stream = streamed(text, 1_048_576);
    assert.equal(stream.components.length, 5_000);
    assert.deepEqual(stream.components, parseSbom('a.xml', bytes(text)).components);
  });

  it('reads the dependency graph ahead, wherever the <dependencies> element is', () => {
    for (const where of ['after', 'before'] as const) {
      const stream = streamed(document(3, { dependencies: where }), 64);
      assert.deepEqual(
        stream.components.map((c) => c.dependsOn),
        [['c1'], ['c2'], ['c0']],
      );
      assert.equal(stream.changes.size, 0);
    }
    assert.deepEqual(
      dependenciesAhead(bytes(document(2)), '').targets,
      new Map([
        ['c0', ['c1']],
        ['c1', ['c0']],
        ['app', ['c0']],
      ]),
    );
    const prefixed = `<?xml version="1.0"?><x:bom xmlns:x="http://cyclonedx.org/schema/bom/1.5"><x:dependencies><x:dependency ref="a"><x:dependency ref="b"/></x:dependency></x:dependencies></x:bom>`;
    assert.deepEqual(dependenciesAhead(bytes(prefixed), 'x:').targets, new Map([['a', ['b']]]));
  });

  it('says which refs the graph read ahead got wrong: a decoy <dependencies> in a comment after the real one', () => {
    const text = document(3).replace(
      '</bom>',
      '<!-- <dependencies><dependency ref="c0"><dependency ref="c2"/></dependency></dependencies> --></bom>',
    );
    const stream = streamed(text, 64);
    // The components carry the decoy's graph; the changes give the document's for each ref it got wrong.
    assert.deepEqual(stream.components[0]!.dependsOn, ['c2']);
    assert.deepEqual(
      [...stream.changes],
      [
        ['c0', ['c1']],
        ['c1', ['c2']],
        ['c2', ['c0']],
        ['app', ['c0']],
      ],
    );
    assert.deepEqual(stream.subject!.dependsOn, ['c0']);
  });

  it('refuses an entity declaration after a prefix larger than a chunk, as parseSbom says it', () => {
    const text = document(3_000).replace(
      '</components>',
      '<component><name>x</name></component><!ENTITY e "boom"></components>',
    );
    const line = text.slice(0, text.indexOf('<!ENTITY')).split('\n').length;
    const column = text.indexOf('<!ENTITY') - text.lastIndexOf('\n', text.indexOf('<!ENTITY'));
    assert.ok(text.indexOf('<!ENTITY') > 1_048_576);
    const stream = streamCycloneDxXml('a.xml', bytes(text), 1_048_576);
    assert.throws(() => [...stream.components], /XML not well-formed: incorrect syntax/);
    assert.throws(() => parseSbom('a.xml', bytes(text)), {
      code: 'PARSE_ERROR',
      message: `'a.xml': XML ENTITY declarations are not accepted (line ${line}, column ${column})`,
    });
  });

  it('refuses a DOCTYPE before the root at its start tag, before any component', () => {
    const text = document(3).replace('<bom ', '<!DOCTYPE bom [<!ENTITY a "a">]>\n<bom ');
    assert.throws(() => streamCycloneDxXml('a.xml', bytes(text), 16), /XML not well-formed: doctype/);
    assert.throws(() => parseSbom('a.xml', bytes(text)), {
      message: "'a.xml': XML DOCTYPE declarations are not accepted (line 2, column 1)",
    });
  });

  it('checks the root and its namespace at the root start tag', () => {
    const other = '<?xml version="1.0"?><bom xmlns="http://cyclonedx.org/schema/bom/2.0"><components/></bom>';
    assert.throws(() => streamCycloneDxXml('a.xml', bytes(other), 8), {
      code: 'UNSUPPORTED_FORMAT',
      message: /^'a\.xml': CycloneDX XML 2\.0 seen; accepted: /,
    });
    assert.throws(() => streamCycloneDxXml('a.xml', bytes('<?xml version="1.0"?><project/>'), 8), {
      code: 'PARSE_ERROR',
      message: "'a.xml': XML root element is <project>, not a CycloneDX <bom>",
    });
  });

  it('names line and column of a mismatched closing tag deep in the file, as the reader before saxes did', () => {
    const text = document(2_000).replace('1.1500</version>', '1.1500</versio>');
    assert.throws(() => parseSbom('a.xml', bytes(text)), {
      message: "'a.xml': malformed XML: expected </version> but found </versio> at line 1505, column 111",
    });
  });
});
