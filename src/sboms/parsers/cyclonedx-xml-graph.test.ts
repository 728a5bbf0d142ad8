import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CheckedDependencyGraph, plainDependencies, XmlDependencyGraph } from './cyclonedx-xml-graph.ts';

const graphOf = (...elements: [string, string[]][]) => {
  const graph = new XmlDependencyGraph();
  for (const [ref, targets] of elements) graph.add(ref, targets);
  return graph;
};

describe('the dependency graph of CycloneDX XML', () => {
  it('merges the targets of a ref written twice, in order', () => {
    const graph = graphOf(['a', ['b']], ['c', []], ['a', ['c', 'b']]);
    assert.deepEqual(
      [...graph.targets],
      [
        ['a', ['b', 'c', 'b']],
        ['c', []],
      ],
    );
    assert.equal(graph.size, 3);
  });

  it('a second read that matches element by element builds nothing and ends as the first', () => {
    const ahead = graphOf(['a', ['b']], ['b', []]);
    const checked = new CheckedDependencyGraph(ahead);
    checked.add('a', [' b ', undefined, '']);
    checked.add('b', []);
    assert.equal(checked.final(), ahead);
  });

  it('from the first element that differs, the second read is built on its own, the matched ones copied in', () => {
    const ahead = graphOf(['a', ['b']], ['b', ['c']], ['c', []]);
    const checked = new CheckedDependencyGraph(ahead);
    checked.add('a', ['b']);
    checked.add('b', ['d']);
    checked.add('c', []);
    assert.deepEqual(
      [...checked.final().targets],
      [
        ['a', ['b']],
        ['b', ['d']],
        ['c', []],
      ],
    );
  });

  it('a second read with fewer or more elements is its own graph', () => {
    const ahead = graphOf(['a', ['b']], ['b', []]);
    const fewer = new CheckedDependencyGraph(ahead);
    fewer.add('a', ['b']);
    assert.deepEqual([...fewer.final().targets], [['a', ['b']]]);
    const more = new CheckedDependencyGraph(ahead);
    for (const [ref, targets] of [...ahead.targets, ['a', ['c']] as const]) more.add(ref, targets);
    assert.deepEqual(
      [...more.final().targets],
      [
        ['a', ['b', 'c']],
        ['b', []],
      ],
    );
  });
});

describe('a <dependencies> element read without saxes', () => {
  it('reads nested and empty elements, both quotes, spaces, the five named entities; grandchildren are not targets', () => {
    const text =
      '<x:dependencies >\n  <x:dependency ref="a&amp;b">\r\n\t<x:dependency ref = \'c&lt;&gt;&quot;&apos;\' />' +
      '<x:dependency ref="d"><x:dependency ref="e"/></x:dependency ><x:dependency/><x:dependency ref=" "/>' +
      '</x:dependency>\n<x:dependency ref=" f "/><x:dependency><x:dependency ref="g"/></x:dependency>' +
      '<x:dependency ref="a&amp;b"><x:dependency ref="f"/></x:dependency></x:dependencies >';
    assert.deepEqual(
      [...plainDependencies(text, 'x:')!.targets],
      [
        ['a&b', ['c<>"\'', 'd', 'f']],
        ['f', []],
      ],
    );
  });

  it('leaves anything else to saxes', () => {
    const block = (inner: string) => `<dependencies>${inner}</dependencies>`;
    for (const text of [
      block('<!-- a comment --><dependency ref="a"/>'),
      block('<dependency ref="a" other="b"/>'),
      block('<dependency x:ref="a"/>'),
      block('<y:dependency ref="a"/>'),
      block('text<dependency ref="a"/>'),
      block('<dependency ref="a&#38;b"/>'),
      block('<dependency ref="a&bad;"/>'),
      block('<dependency ref="a\tb"/>'),
      block('<dependency ref="a\nb"/>'),
      block('<dependency ref="a"></dependencies>'),
      block('</dependency>'),
      block('<dependency ref="a"/></dependency>'),
      block('<dependency ref="😀"/>'),
      block('<dependency ref=a/>'),
      '<dependencies/>',
      '<dependencies x="1"></dependencies>',
      `${block('')} `,
      block('<dependency ref="a"/>').slice(0, -1),
    ])
      assert.equal(plainDependencies(text, ''), null, text);
  });
});
