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
