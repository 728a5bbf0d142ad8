import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { AppError } from '../errors.ts';
import { DEPENDS_ON, prepareSbom, SLICE_CHARS, type ComponentValues } from './prepared-sbom.ts';
import { prepareSbomOffThread, startParserAhead } from './worker-parser.ts';
import { SHARED_DATA, sharedDataSkip } from '../../test/support/shared-data.ts';

const DATA = new URL('sboms/', SHARED_DATA);

describe('parsing off the main thread', () => {
  for (const file of [
    'cyclonedx/juice-shop-npm.cdx-1.5.json',
    'cyclonedx/juice-shop__via_npm__bare__bom.1.4.xml',
    'cyclonedx/keycloak-10.0.2__bom.json',
    'spdx/balenalib-amd64-alpine-python.syft.spdx-2.3.json',
    'spdx/microsoft-sbom-tool-nuget.spdx-2.2.json',
    'spdx/spdx-examples-ex14-examplemaven-enriched.spdx-2.3.json',
  ]) {
    it(
      `gives the inline result for ${file} (through a worker)`,
      { skip: sharedDataSkip('sboms') },
      async () => {
        const bytes = readFileSync(new URL(file, DATA));
        const inline = prepareSbom(file, Uint8Array.from(bytes), 'org_1', 'sbom_1');
        const { batches, summary, ...worker } = await prepareSbomOffThread(file, bytes, 'org_1', 'sbom_1', 0);
        const rows: ComponentValues[] = [];
        for await (const batch of batches) rows.push(...batch);
        const { count, warnings, corrections, subjectVersion, subjectName, rootDependsOn } = summary();
        assert.equal(count, inline.rows.length);
        // The stream's late corrections are what the inline rows have from the start.
        for (const [id, dependsOn] of corrections) rows.find((r) => r[0] === id)![DEPENDS_ON] = dependsOn;
        // Component ids are fresh on each side; everything else (dependency ids included, by position) matches.
        const ids = new Map(rows.map((r, i) => [r[0], inline.rows[i]![0]]));
        const renamed = rows.map((r) => [
          ids.get(r[0]),
          ...r.slice(1, 16),
          JSON.stringify(JSON.parse(r[DEPENDS_ON] as string).map((d: string) => ids.get(d))),
          ...r.slice(17),
        ]);
        assert.equal(rows.length, inline.rows.length);
        const root =
          rootDependsOn && JSON.stringify(JSON.parse(rootDependsOn).map((d: string) => ids.get(d)));
        assert.deepEqual(
          { ...worker, warnings, subjectVersion, subjectName, rootDependsOn: root, rows: renamed },
          inline,
        );
      },
    );
  }

  it('sends rows with many dependencies in slices of about SLICE_CHARS, not 4,000 rows at once', async () => {
    // 400 components each depending on all 400: 160,000 edges, ≈ 6 MB of row text.
    const refs = Array.from({ length: 400 }, (_, i) => `c${i}`);
    const bytes = new TextEncoder().encode(
      JSON.stringify({
        bomFormat: 'CycloneDX',
        specVersion: '1.5',
        components: refs.map((ref, i) => ({
          type: 'library',
          'bom-ref': ref,
          name: `p${i}`,
          version: '1.0.0',
        })),
        dependencies: refs.map((ref) => ({ ref, dependsOn: refs })),
      }),
    );
    const { batches, summary } = await prepareSbomOffThread('deps.cdx.json', bytes, 'org_1', 'sbom_1', 0);
    const sizes: number[] = [];
    for await (const batch of batches) {
      sizes.push(batch.length);
      // About SLICE_CHARS: the rows' text as counted, before the dependency lists' quotes are escaped again.
      const chars = JSON.stringify(batch).length;
      assert.ok(chars < 1.5 * SLICE_CHARS, `a slice of ${chars} characters`);
    }
    assert.equal(summary().count, 400);
    assert.equal(
      sizes.reduce((a, b) => a + b, 0),
      400,
    );
    // Before, one slice of all 400 rows (≈ 6 MB); now slices of ≈ 1 MB.
    assert.ok(sizes.length >= 5 && Math.max(...sizes) < 100, `${sizes.length} slices: ${sizes.join(', ')}`);
  });

  /** The worker's rows and summary, with the summary's corrections applied, as `prepareSbom` would give them. */
  async function offThread(fileName: string, bytes: Uint8Array) {
    const { batches, summary } = await prepareSbomOffThread(fileName, bytes, 'org_1', 'sbom_1', 0);
    const rows: ComponentValues[] = [];
    for await (const batch of batches) rows.push(...batch);
    for (const [id, dependsOn] of summary().corrections)
      rows.find((r) => r[0] === id)![DEPENDS_ON] = dependsOn;
    const names = new Map(rows.map((r) => [r[0], r[6]]));
    const deps = (ids: string | null) => ids && (JSON.parse(ids) as string[]).map((id) => names.get(id));
    return {
      dependencies: rows.map((r) => [r[6], deps(r[DEPENDS_ON] as string)]),
      root: deps(summary().rootDependsOn),
    };
  }

  it('streams CycloneDX XML, its dependencies right even when the graph read ahead was a decoy', async () => {
    const xml = (tail: string) =>
      new TextEncoder().encode(
        '<?xml version="1.0"?><bom xmlns="http://cyclonedx.org/schema/bom/1.5"><metadata><component bom-ref="app"><name>app</name></component></metadata><components>' +
          '<component bom-ref="a"><name>a</name></component><component bom-ref="b"><name>b</name></component>' +
          '<component bom-ref="a"><name>a again</name></component></components>' +
          '<dependencies><dependency ref="a"><dependency ref="b"/></dependency><dependency ref="app"><dependency ref="a"/><dependency ref="b"/></dependency></dependencies>' +
          `${tail}</bom>`,
      );
    const expected = {
      dependencies: [
        ['a', ['b']],
        ['b', []],
        ['a again', ['b']],
      ],
      root: ['a', 'b'],
    };
    assert.deepEqual(await offThread('a.xml', xml('')), expected);
    // The last "<dependencies" of the file, in a comment, is read ahead; the rows are corrected at the end.
    const decoy =
      '<!-- <dependencies><dependency ref="b"><dependency ref="a"/></dependency></dependencies> -->';
    assert.deepEqual(await offThread('a.xml', xml(decoy)), expected);
  });

  it('carries the PARSE_ERROR of XML broken past its first chunk back from the worker, with its place', async () => {
    const components = Array.from(
      { length: 60_000 },
      (_, i) => `<component><name>c${i}</name></component>\n`,
    );
    const text = `<?xml version="1.0"?>\n<bom xmlns="http://cyclonedx.org/schema/bom/1.5"><components>\n${components.join('')}<component><name>x &nbsp; y</name></component></components></bom>`;
    assert.ok(text.length > 2 * 1_048_576);
    // The head reads: the rows start coming, then the batches throw the whole parse's answer.
    const { batches } = await prepareSbomOffThread(
      'big.xml',
      new TextEncoder().encode(text),
      'org_1',
      'sbom_1',
      0,
    );
    let rows = 0;
    await assert.rejects(
      (async () => {
        for await (const batch of batches) rows += batch.length;
      })(),
      {
        code: 'PARSE_ERROR',
        message: `'big.xml': malformed XML: undefined entity or stray "&" at line 60003, column 20`,
      },
    );
    assert.ok(rows < 60_000, `${rows} rows before the error`);
  });

  it('carries a PARSE_ERROR back from the worker', async () => {
    const big = new TextEncoder().encode(
      `{"bomFormat": "CycloneDX", "specVersion": "1.5", "components": [${'{"name":"x"},'.repeat(100_000)}]`,
    );
    await assert.rejects(
      Promise.resolve(prepareSbomOffThread('big.cdx.json', big, 'org_1', 'sbom_1', 0)),
      (error: unknown) => {
        assert.ok(error instanceof AppError);
        assert.equal(error.code, 'PARSE_ERROR');
        assert.match(error.message, /^'big\.cdx\.json': invalid JSON/);
        return true;
      },
    );
  });

  it('takes a parser started ahead of the upload, and starts none twice', async () => {
    const text = `{"bomFormat":"CycloneDX","specVersion":"1.5","components":[{"name":"a","bom-ref":"a"},{"name":"b","bom-ref":"b"}],"dependencies":[{"ref":"a","dependsOn":["b"]}]}`;
    startParserAhead();
    startParserAhead();
    for (let i = 0; i < 2; i++) {
      const prepared = await prepareSbomOffThread(
        'ahead.cdx.json',
        new TextEncoder().encode(text),
        'org_1',
        'sbom_1',
        0,
      );
      const rows: ComponentValues[] = [];
      for await (const batch of prepared.batches) rows.push(...batch);
      assert.deepEqual(
        rows.map((r) => [r[6], r[DEPENDS_ON]]),
        [
          ['a', JSON.stringify([rows[1]![0]])],
          ['b', '[]'],
        ],
      );
    }
  });

  it('does not keep the process alive with a parser waiting for an upload', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bulwark-parser-ahead-'));
    const script = join(dir, 'ahead.mjs');
    const module = new URL('./worker-parser.ts', import.meta.url).href;
    writeFileSync(
      script,
      `const { startParserAhead } = await import(${JSON.stringify(module)});\n` +
        `startParserAhead();\n` +
        `await new Promise((resolve) => setTimeout(resolve, 500));\n` +
        `console.log('waited');\n`,
    );
    try {
      const child = spawnSync(process.execPath, [script], { timeout: 10_000, encoding: 'utf8' });
      assert.equal(child.error, undefined, 'the process did not exit by itself');
      assert.equal(child.status, 0, child.stderr);
      assert.equal(child.stdout, 'waited\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
