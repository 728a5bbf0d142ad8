import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { SaxesParser } from 'saxes';
import { sharedDataPath, sharedDataSkip } from '../../../test/support/shared-data.ts';
import { LeanSaxesParser, type LeanTag } from './lean-saxes.ts';

type Event = [string, ...unknown[]];

/**
 * Every event (with the parser's position, line and column at it) and the failure of one read of `text` fed
 * `chunk` characters at a time; tags' attributes as written, in order.
 */
function events(lean: boolean, text: string, chunk: number): Event[] {
  const parser = lean ? new LeanSaxesParser() : new SaxesParser({ xmlns: false, position: false });
  const out: Event[] = [];
  const at = () => [parser.position, parser.line, parser.column];
  const attributes = (tag: unknown) =>
    lean
      ? (tag as LeanTag).list.map(({ name, value }) => [name, value])
      : Object.entries((tag as { attributes: Record<string, string> }).attributes);
  parser.on('opentag', (tag) => out.push(['open', tag.name, attributes(tag), tag.isSelfClosing, ...at()]));
  parser.on('closetag', (tag) => out.push(['close', tag.name, ...at()]));
  parser.on('text', (t) => out.push(['text', t, ...at()]));
  parser.on('cdata', (t) => out.push(['cdata', t, ...at()]));
  parser.on('comment', (t) => out.push(['comment', t, ...at()]));
  parser.on('processinginstruction', (pi) => out.push(['pi', pi.target, pi.body, ...at()]));
  parser.on('doctype', (t) => out.push(['doctype', t, ...at()]));
  try {
    for (let i = 0; i < text.length; i += chunk) parser.write(text.slice(i, i + chunk));
    parser.close();
  } catch (error) {
    out.push(['error', (error as Error).message, ...at()]);
  }
  return out;
}

const same = (text: string, chunks = [1, 2, 5, 64, text.length || 1]) => {
  for (const chunk of chunks)
    assert.deepEqual(
      events(true, text, chunk),
      events(false, text, chunk),
      `${JSON.stringify(text)} by ${chunk}`,
    );
};

const SBOM = `<?xml version="1.0" encoding="UTF-8"?>
<bom xmlns="http://cyclonedx.org/schema/bom/1.6" serialNumber="urn:uuid:3e671687" version="1">
  <metadata><component type="application" bom-ref="root"><name>app</name></component></metadata>
  <components>
    <component type="library" bom-ref="pkg:npm/%40s/a@1.0.0"><group>@s</group><name>a</name>
      <version>1.0.0</version><hashes><hash alg="SHA-1">95afb7dcc0d5f792cd8093170c43f72e2ca04d6b</hash></hashes>
      <licenses><license><id>MIT</id></license></licenses><purl>pkg:npm/%40s/a@1.0.0?x=1&amp;y=2</purl>
      <description>multi
line &quot;text&quot; with ]] and &gt; and &#233;</description></component>
  </components>
  <dependencies><dependency ref="pkg:npm/%40s/a@1.0.0"><dependency ref="root"/></dependency></dependencies>
</bom>
`;

describe('LeanSaxesParser: saxes with fewer allocations and the same events', () => {
  it('reads well-formed documents as saxes does: attributes in order, text, line ends, entities, CDATA, PIs', () => {
    same(SBOM);
    same('<a x="1" y=\'2\' z = "a&amp;b&#x41;\tc\nd\r\ne"><b/><c:d e:f="g">t&lt;\r\nu\rv]]w</c:d></a>');
    same('<?xml version="1.1"?>\n<a>\u0085 \u2028 é 😀 text</a>\n<!-- after -->\n');
    same('<a>\n  <b>one two</b>\n\t<c  >three</c >\n</a>');
    same('<a b="é" c="😀">x<![CDATA[ ]]> ]] ]>]</a>');
    // Names of one slot of the name cache (length, first, middle and last character), ones that go on past ASCII,
    // and one too long for it.
    const long = `n${'x'.repeat(70)}`;
    same(
      `<abcb x-y="1" xzzy="2"><axcb xwzy="3"/><abcb/><abé abé="4"/><aé/><${long} ${long}="5"/><${long}/></abcb>`,
    );
  });

  it('reads the real SBOMs of the shared data as saxes does', { skip: sharedDataSkip('sboms') }, () => {
    for (const name of ['cern-lhc-vdm-editor-e564943__bom.xml', 'laravel-7.12.0__bom.1.3.xml'])
      same(readFileSync(sharedDataPath(`sboms/cyclonedx/${name}`), 'utf8'), [7, 4096, 65_536]);
  });

  it('fails where saxes fails, with its message', () => {
    for (const text of [
      '<a x="1" x="2"/>',
      '<a x="1" y="2" z="3" y="4"/>',
      `<a ${Array.from({ length: 20 }, (_, i) => `n${i}="${i}"`).join(' ')} n7="again"/>`,
      '<a x="1"y="2"/>',
      '<a x=1/>',
      '<a x="<"/>',
      '<a x/>',
      '<a>]]></a>',
      '<a>x&bogus;y</a>',
      '<a>\u0001</a>',
      '<a>\ud800</a>',
      '<a x="\u0001"/>',
      '<a/><b/>',
      '<a></b>',
      '<a><b></a>',
      '</a>',
      '<a',
      '<a b="c',
      '<a>text',
      'text<a/>',
      '<a/>text',
      '<!DOCTYPE a><a/>',
      '<a\u0001/>',
      '<a b\u0001="c"/>',
      '<a></a\u0001>',
      '<1a/>',
      '<a/ >',
    ])
      same(text);
  });

  it('hands over no attribute dictionary: the list, shared when empty', () => {
    const parser = new LeanSaxesParser();
    const tags: LeanTag[] = [];
    parser.on('opentag', (tag) => tags.push(tag as unknown as LeanTag));
    parser.write('<a><b x="1" y="2"/><c/></a>').close();
    assert.deepEqual(
      tags.map((tag) => tag.list),
      [
        [],
        [
          { name: 'x', value: '1' },
          { name: 'y', value: '2' },
        ],
        [],
      ],
    );
    assert.equal(tags[0]!.list, tags[2]!.list);
  });
});
