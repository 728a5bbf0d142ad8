import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { SHARED_DATA, sharedDataSkip } from '../../../test/support/shared-data.ts';
import { parseCycloneDxJson, parseCycloneDxJsonText } from './cyclonedx-json.ts';
import { arrayElements, lazyDocument, topLevelMembers, type Range } from './json-ranges.ts';
import { parseSbom } from './parse-sbom.ts';

const texts = (text: string, ranges: Iterable<Range>) => [...ranges].map(([s, e]) => text.slice(s, e));

describe('json-ranges: where the values lie', () => {
  it('finds the members of the top-level object and the elements of an array, strings and escapes included', () => {
    const text = ' {"a" : [1, "x]\\"}", {"b": [ ]}, null] ,"k\\u0065y":"v,}" , "n": -1.5e3}\n';
    const members = topLevelMembers(text)!;
    assert.deepEqual([...members.keys()], ['a', 'key', 'n']);
    assert.deepEqual(texts(text, members.values()), ['[1, "x]\\"}", {"b": [ ]}, null]', '"v,}"', '-1.5e3']);
    assert.deepEqual(texts(text, arrayElements(text, members.get('a')!)!), [
      '1',
      '"x]\\"}"',
      '{"b": [ ]}',
      'null',
    ]);
    assert.deepEqual(arrayElements('[ ]', [0, 3]), []);
    assert.deepEqual(topLevelMembers('{}'), new Map());
  });

  it('finds the elements of a top-level array in the same pass, as a later scan of its range would', () => {
    const text = '{"a":[ {"x":"]"} , [1,[2]] ,"\\\\"],"b":[1 2],"c":[]}';
    const members = topLevelMembers(text)!;
    const [start, end] = members.get('a')!;
    assert.deepEqual(arrayElements(text, members.get('a')!), arrayElements(text, [start, end]));
    assert.deepEqual(texts(text, arrayElements(text, members.get('a')!)!), [
      '{"x":"]"}',
      '[1,[2]]',
      '"\\\\"',
    ]);
    // Not plainly an array: still a member (its end found by counting brackets), with no elements.
    assert.deepEqual(texts(text, [members.get('b')!]), ['[1 2]']);
    assert.equal(arrayElements(text, members.get('b')!), null);
    assert.deepEqual(arrayElements(text, members.get('c')!), []);
  });

  it('answers null for what it does not plainly recognise, so the caller parses the whole text', () => {
    for (const text of [
      '',
      '[]',
      '{"a":1',
      '{"a":1,}',
      '{"a" 1}',
      '{"a":1 "b":2}',
      '{"a":1}x',
      '{"a":1,"a":2}',
      '{"a":}',
      '{"a":"unterminated}',
      '{"a":"x\\"}',
      '{a:1}',
    ])
      assert.equal(topLevelMembers(text), null, text);
    for (const text of ['[1,]', '[,1]', '[1 2]', '{"a":1}', '[{"a":1]', '["x]'])
      assert.equal(arrayElements(text, [0, text.length]), null, text);
  });

  it('leaves the members asked for unparsed when they are plainly arrays, their elements parsed when read', () => {
    const text = '{"items":[1],"deps":[{"ref":"a"}, {"ref":"b"}],"odd":{"x":[2]},"n":3}';
    const lazy = lazyDocument(text, topLevelMembers(text)!, 'items', ['deps', 'odd', 'absent'])!;
    // `odd` is no array: parsed into the document as before.
    assert.deepEqual(lazy.doc, { odd: { x: [2] }, n: 3 });
    assert.deepEqual([...lazy.arrays.keys()], ['deps']);
    const deps = lazy.arrays.get('deps')!;
    assert.deepEqual([deps.length, deps.at(0), deps.at(1)], [2, { ref: 'a' }, { ref: 'b' }]);
    assert.deepEqual(deps.range(0, 2), [{ ref: 'a' }, { ref: 'b' }]);
    assert.deepEqual([deps.range(1, 2), deps.range(2, 2)], [[{ ref: 'b' }], []]);
    // A malformed element throws JSON.parse's error when read, not before.
    const broken = '{"items":[],"deps":[{"ref":"a"},{"ref":}]}';
    const later = lazyDocument(broken, topLevelMembers(broken)!, 'items', ['deps'])!;
    assert.deepEqual(later.arrays.get('deps')!.at(0), { ref: 'a' });
    assert.throws(() => later.arrays.get('deps')!.at(1), SyntaxError);
    assert.throws(() => later.arrays.get('deps')!.range(0, 2), SyntaxError);
  });
});

const component = (name: string, extra = '') =>
  `{"type":"library","name":"${name}","version":"1.0","purl":"pkg:npm/${name}@1.0","bom-ref":"${name}"${extra}}`;
const bom = (components: string, tail = '') =>
  `{"bomFormat":"CycloneDX","specVersion":"1.5","components":[${components}],` +
  `"dependencies":[{"ref":"a","dependsOn":["b"]}]${tail}}`;

describe('CycloneDX JSON one component at a time', () => {
  it('gives what parsing the whole document gives', () => {
    const text = bom(`${component('a')},${component('b', ',"components":[' + component('c') + ']')}`);
    const lazy = parseCycloneDxJsonText('x.cdx.json', text)!;
    assert.deepEqual(lazy, parseCycloneDxJson('x.cdx.json', JSON.parse(text)));
    assert.deepEqual(
      lazy.components.map((c) => [c.name, c.dependsOn]),
      [
        ['a', ['b']],
        ['b', []],
        ['c', []],
      ],
    );
  });

  it('leaves every failure to the whole-document parse, whose answer names the position', () => {
    const broken = bom(`${component('a')},{"name":"b",}`);
    assert.equal(parseCycloneDxJsonText('x.cdx.json', broken), null);
    assert.throws(() => parseSbom('x.cdx.json', Buffer.from(broken)), {
      code: 'PARSE_ERROR',
      message:
        "'x.cdx.json': invalid JSON: Expected double-quoted property name in JSON at position 154 (line 1 column 155)",
    });
    // Malformed JSON after a component the parser would refuse: the JSON error still comes first, as before.
    const both = bom(`{"name":123},${component('a')}`, ',"extra":[1,}');
    assert.equal(parseCycloneDxJsonText('x.cdx.json', both), null);
    assert.throws(() => parseSbom('x.cdx.json', Buffer.from(both)), { message: /invalid JSON/ });
    // Valid JSON, invalid SBOM: the same PARSE_ERROR as the whole-document parse.
    const invalid = bom(`${component('a')},{"name":123}`);
    assert.equal(parseCycloneDxJsonText('x.cdx.json', invalid), null);
    assert.throws(() => parseSbom('x.cdx.json', Buffer.from(invalid)), {
      message: /components\[1\]\.name must be a string, not number/,
    });
    // Not CycloneDX, or no components array: not this path.
    assert.equal(parseCycloneDxJsonText('x.json', '{"spdxVersion":"SPDX-2.3","components":[]}'), null);
    assert.equal(parseCycloneDxJsonText('x.json', '{"bomFormat":"CycloneDX","specVersion":"1.5"}'), null);
    assert.equal(parseCycloneDxJsonText('x.json', bom(component('a'), ',"__proto__":{}')), null);
  });

  it('reads the dependencies one entry at a time, with the answers of the whole parse for broken ones', () => {
    const graph = (text: string) =>
      parseCycloneDxJsonText('x.cdx.json', text)!.components.map((c) => [c.name, c.dependsOn]);
    const text = bom(`${component('a')},${component('b')}`).replace(
      '"dependencies":[{"ref":"a","dependsOn":["b"]}]',
      '"dependencies":[{"ref":"a","dependsOn":["b"]},{"ref":"b","dependsOn":["a",7]},null,{"ref":"a","dependsOn":["a"]}]',
    );
    assert.deepEqual(graph(text), [
      ['a', ['b', 'a']],
      ['b', ['a', '7']],
    ]);
    assert.deepEqual(
      parseCycloneDxJsonText('x.cdx.json', text),
      parseCycloneDxJson('x.cdx.json', JSON.parse(text)),
    );
    // More entries than one chunk of the graph's reading (1,024), every one of them read.
    const many = Array.from({ length: 2100 }, (_, i) => `n${i}`);
    const large = bom(many.map((name) => component(name)).join(',')).replace(
      '"dependencies":[{"ref":"a","dependsOn":["b"]}]',
      `"dependencies":[${many.map((name, i) => `{"ref":"${name}","dependsOn":["n${(i + 1) % many.length}"]}`).join(',')}]`,
    );
    const largeGraph = graph(large);
    assert.equal(largeGraph.length, 2100);
    largeGraph.forEach(([name, dependsOn], i) =>
      assert.deepEqual([name, dependsOn], [`n${i}`, [`n${(i + 1) % 2100}`]]),
    );
    // A malformed entry: the invalid JSON of the whole document's JSON.parse, as before.
    const malformed = text.replace('{"ref":"b","dependsOn":["a",7]}', '{"ref":"b","dependsOn":["a",]}');
    assert.equal(parseCycloneDxJsonText('x.cdx.json', malformed), null);
    let jsonError = '';
    try {
      JSON.parse(malformed);
    } catch (error) {
      jsonError = (error as Error).message;
    }
    assert.throws(() => parseSbom('x.cdx.json', Buffer.from(malformed)), {
      code: 'PARSE_ERROR',
      message: `'x.cdx.json': invalid JSON: ${jsonError}`,
    });
    // Dependencies that are no array: the same PARSE_ERROR as before.
    const notArray = bom(component('a')).replace(
      '"dependencies":[{"ref":"a","dependsOn":["b"]}]',
      '"dependencies":{}',
    );
    assert.throws(() => parseSbom('x.cdx.json', Buffer.from(notArray)), {
      code: 'PARSE_ERROR',
      message: "'x.cdx.json': dependencies must be an array",
    });
  });
});

const dir = new URL('sboms/cyclonedx/', SHARED_DATA);
describe('CycloneDX JSON one component at a time: real SBOMs', { skip: sharedDataSkip('sboms') }, () => {
  it('every real CycloneDX JSON file parses the same as whole', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    assert.equal(files.length, 11);
    for (const file of files) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      const lazy = parseCycloneDxJsonText(file, text);
      assert.ok(lazy, file);
      assert.deepEqual(lazy, parseCycloneDxJson(file, JSON.parse(text)), file);
    }
  });
});
