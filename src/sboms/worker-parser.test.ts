import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { AppError } from '../errors.ts';
import { parseSbom } from './parsers/parse-sbom.ts';
import { parseSbomOffThread } from './worker-parser.ts';

const DATA = new URL('../../../shared/data/sboms/', import.meta.url);

describe('parsing off the main thread', () => {
  for (const file of ['cyclonedx/juice-shop-npm.cdx-1.5.json', 'cyclonedx/juice-shop__via_npm__bare__bom.1.4.xml']) {
    it(`gives the inline result for ${file} (over 1 MiB, so through a worker)`, { skip: existsSync(DATA) ? false : '../shared/data not found' }, async () => {
      const bytes = readFileSync(new URL(file, DATA));
      assert.ok(bytes.byteLength > 1_048_576);
      const inline = parseSbom(file, Uint8Array.from(bytes));
      assert.deepEqual(await parseSbomOffThread(file, bytes), inline);
    });
  }

  it('carries a PARSE_ERROR back from the worker', async () => {
    const big = new TextEncoder().encode(`{"bomFormat": "CycloneDX", "specVersion": "1.5", "components": [${'{"name":"x"},'.repeat(100_000)}]`);
    await assert.rejects(Promise.resolve(parseSbomOffThread('big.cdx.json', big)), (error: unknown) => {
      assert.ok(error instanceof AppError);
      assert.equal(error.code, 'PARSE_ERROR');
      assert.match(error.message, /^'big\.cdx\.json': invalid JSON/);
      return true;
    });
  });
});
