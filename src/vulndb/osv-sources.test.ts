import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { countEntries, listSourceFiles, readSourceFile, type SourceItem } from './osv-sources.ts';
import { makeZip } from './zip-fixture.ts';

async function readAll(paths: string[]): Promise<SourceItem[]> {
  const { files, errors } = await listSourceFiles(paths);
  const items: SourceItem[] = [...errors];
  for (const file of files) for await (const item of readSourceFile(file)) items.push(item);
  return items;
}

const summary = (items: SourceItem[], root: string) =>
  items.map((i) => `${i.source.replace(root, '')} ${i.error ?? JSON.stringify(i.document)}`);

describe('OSV sources', () => {
  it('reads directories, .json documents and arrays, .jsonl and zips; reports broken parts and goes on', async (t) => {
    const root = mkdtempSync(join(tmpdir(), 'osv-src-'));
    t.after(() => rmSync(root, { recursive: true }));
    mkdirSync(join(root, 'nested'));
    writeFileSync(join(root, 'a.json'), '{"id":"A"}');
    writeFileSync(join(root, 'nested', 'b.json'), '[{"id":"B1"},{"id":"B2"}]');
    writeFileSync(join(root, 'c.jsonl'), '{"id":"C1"}\n\n{"id":\n{"id":"C3"}\n');
    writeFileSync(join(root, 'broken.json'), '{"id":');
    writeFileSync(join(root, 'notes.txt'), 'ignored inside a directory');
    writeFileSync(
      join(root, 'feed.zip'),
      makeZip([
        { name: 'Z1.json', data: Buffer.from('{"id":"Z1"}') },
        { name: 'README.md', data: Buffer.from('not an advisory') },
        { name: 'Z2.json', data: Buffer.from('{"id":"Z2"}') },
      ]),
    );
    writeFileSync(join(root, 'corrupt.zip'), 'PK not really');
    const items = await readAll([root, join(root, 'missing.json'), join(root, 'notes.txt')]);
    assert.deepEqual(summary(items, `${root}/`), [
      'missing.json cannot read: ENOENT',
      'notes.txt not a .zip, .json or .jsonl file',
      'a.json {"id":"A"}',
      'broken.json unparsable JSON: Unexpected end of JSON input',
      'c.jsonl:1 {"id":"C1"}',
      'c.jsonl:3 unparsable JSON: Unexpected end of JSON input',
      'c.jsonl:4 {"id":"C3"}',
      'corrupt.zip unreadable zip: End of central directory record signature not found. Either not a zip file, or file is truncated.',
      'feed.zip!Z1.json {"id":"Z1"}',
      'feed.zip!Z2.json {"id":"Z2"}',
      'nested/b.json[0] {"id":"B1"}',
      'nested/b.json[1] {"id":"B2"}',
    ]);

    // Progress: the entries counted up front are the entries reported done while reading, file by file.
    const { files } = await listSourceFiles([root]);
    const perFile: Array<[string, number, number]> = [];
    for (const file of files) {
      let done = 0;
      for await (const _ of readSourceFile(file, () => done++));
      perFile.push([file.path.replace(`${root}/`, ''), await countEntries(file), done]);
    }
    assert.deepEqual(perFile, [
      ['a.json', 1, 1],
      ['broken.json', 1, 1],
      ['c.jsonl', 3, 3],
      ['corrupt.zip', 1, 1],
      ['feed.zip', 2, 2],
      ['nested/b.json', 1, 1],
    ]);
  });

  it('guards against zip bombs: declared and actual inflated sizes are capped per entry', async (t) => {
    const root = mkdtempSync(join(tmpdir(), 'osv-bomb-'));
    t.after(() => rmSync(root, { recursive: true }));
    const huge = Buffer.alloc(17 * 1024 * 1024, 32); // 17 MiB of spaces deflates to ~17 KiB
    writeFileSync(
      join(root, 'bomb.zip'),
      makeZip([
        { name: 'declared.json', data: huge },
        { name: 'lying.json', data: huge, claimedSize: 100 },
        { name: 'fine.json', data: Buffer.from('{"id":"OK"}') },
      ]),
    );
    const items = await readAll([join(root, 'bomb.zip')]);
    assert.equal(items.length, 3);
    assert.equal(items[0]!.error, `entry of ${huge.length} bytes exceeds 16777216`);
    assert.match(items[1]!.error!, /^unreadable entry: too many bytes in the stream/);
    assert.deepEqual(items[2]!.document, { id: 'OK' });
  });

  it('reports an entry that inflates to less than its header says, or not at all, and reads on', async (t) => {
    const root = mkdtempSync(join(tmpdir(), 'osv-short-'));
    t.after(() => rmSync(root, { recursive: true }));
    const doc = Buffer.from('{"id":"SHORT"}');
    writeFileSync(
      join(root, 'short.zip'),
      makeZip([
        { name: 'short.json', data: doc, claimedSize: 100 },
        { name: 'garbled.json', data: doc, body: Buffer.from([0xff, 0xff, 0xff, 0xff]) },
        { name: 'fine.json', data: Buffer.from('{"id":"OK"}') },
      ]),
    );
    const items = await readAll([join(root, 'short.zip')]);
    assert.deepEqual(
      items.map((i) => i.error ?? i.document),
      [
        `unreadable entry: not enough bytes in the stream. expected 100. got only ${doc.length}`,
        'unreadable entry: invalid block type',
        { id: 'OK' },
      ],
    );
  });
});
