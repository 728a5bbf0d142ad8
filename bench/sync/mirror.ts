// Benchmark helper process: an osv.dev-layout mirror of PyPI-all.zip and Go-all.zip on loopback, kept out of
// the measured process so its memory does not count. `POST /_change?n=N` edits N records (half per
// ecosystem): newer `modified`, another summary; it answers with the packages and versions they affect.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readSourceFile } from '../../src/vulndb/osv-sources.ts';

const DATA = new URL('../../../shared/data/osv/', import.meta.url).pathname;
type Range = { events?: Record<string, string>[] };
type Doc = {
  id: string;
  modified: string;
  summary?: string;
  affected?: { package?: { name: string }; versions?: string[]; ranges?: Range[] }[];
};
const ecosystems = new Map<string, { zip: Buffer; records: Map<string, Doc> }>();
for (const ecosystem of ['PyPI', 'Go']) {
  const path = `${DATA}${ecosystem}-all.zip`;
  const records = new Map<string, Doc>();
  for await (const item of readSourceFile({ path, kind: 'zip' })) {
    const doc = item.document as Doc;
    records.set(doc.id, doc);
  }
  ecosystems.set(ecosystem, { zip: readFileSync(path), records });
}

const csv = (records: Map<string, Doc>) =>
  [...records.values()]
    .map((d) => ({ id: d.id, at: new Date(Date.parse(d.modified)).toISOString() }))
    .sort((a, b) => (a.at < b.at ? 1 : -1))
    .map((r) => `${r.at},${r.id}\n`)
    .join('');

/** An affected version of the first package: a listed one, else the first range's non-zero `introduced`. */
function versionIn(doc: Doc): string | undefined {
  const first = doc.affected?.[0];
  if (!first?.package) return undefined;
  if (first.versions?.length) return first.versions[0];
  const introduced = first.ranges?.[0]?.events?.find((e) => e.introduced && e.introduced !== '0')?.introduced;
  return introduced === undefined ? undefined : introduced.startsWith('v') ? introduced : `v${introduced}`;
}

function change(n: number) {
  const touched: { ecosystem: string; name: string; version: string }[] = [];
  const at = new Date().toISOString();
  for (const [ecosystem, { records }] of ecosystems) {
    const ids = [...records.keys()].sort().filter((id) => versionIn(records.get(id)!) !== undefined);
    for (const id of ids.slice(0, n / 2)) {
      const doc = records.get(id)!;
      records.set(id, { ...doc, modified: at, summary: `${doc.summary ?? ''} (edited ${at})` });
      const first = doc.affected![0]!;
      touched.push({ ecosystem, name: first.package!.name, version: versionIn(doc)! });
    }
  }
  return touched;
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (req.method === 'POST' && url.pathname === '/_change') {
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(change(Number(url.searchParams.get('n')))));
    return;
  }
  const [, ecosystem, name] = url.pathname.split('/').map(decodeURIComponent);
  const eco = ecosystem ? ecosystems.get(ecosystem) : undefined;
  let body: Buffer | undefined;
  if (eco && name === 'all.zip') body = eco.zip;
  else if (eco && name === 'modified_id.csv') body = Buffer.from(csv(eco.records));
  else if (eco && name?.endsWith('.json') && eco.records.has(name.slice(0, -5)))
    body = Buffer.from(JSON.stringify(eco.records.get(name.slice(0, -5))));
  if (!body) return void res.writeHead(404).end();
  const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
  if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag }).end();
  res.writeHead(200, { etag, 'content-length': body.length }).end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`LISTENING http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
