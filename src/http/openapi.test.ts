// The OpenAPI document: every operation explained, its errors listed with codes, the upload's file declared.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { build } from '../../test/support/app.ts';

type Operation = {
  summary?: string;
  description?: string;
  responses: Record<string, { description: string }>;
  requestBody?: {
    content: Record<string, { schema: { required?: string[]; properties?: Record<string, unknown> } }>;
  };
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('OpenAPI document', () => {
  it('documents every operation, its error codes, the multipart upload and the routes beside /api/v1', async (t) => {
    const { app } = await build(t, 'sqlite');
    const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    assert.equal(response.statusCode, 200);
    const doc = response.json() as {
      info: { version: string };
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, unknown> };
    };
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    assert.equal(doc.info.version, pkg.version);

    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as const),
    );
    const undocumented = operations
      .filter(([, op]) => !op.summary?.trim() || !op.description?.trim())
      .map(([name]) => name);
    assert.deepEqual(undocumented, []);
    // The routes' `x-operation` extras are read into the operation, never served.
    assert.deepEqual(
      operations.filter(([, op]) => 'x-operation' in op).map(([name]) => name),
      [],
    );

    const ops = new Map<string, Operation>(operations);
    for (const name of ['GET /healthz', 'GET /readyz', 'GET /metrics', 'POST /mcp'])
      assert.ok(ops.has(name), name);
    // Beside /api/v1: their own server entry, so "Try it out" calls /healthz, not /api/v1/healthz.
    assert.deepEqual((doc.paths['/healthz'] as unknown as { servers: unknown }).servers, [{ url: '/' }]);

    const vendor = ops.get('PUT /sscs/vendors/{vendorId}')!;
    assert.deepEqual(Object.keys(vendor.responses).sort(), [
      '200',
      '400',
      '401',
      '403',
      '404',
      '408',
      '429',
      '500',
    ]);
    assert.equal(
      vendor.responses['404']!.description,
      'Not found (also for another organisation’s id). Codes: NOT_FOUND.',
    );
    assert.equal(
      vendor.responses['401']!.description,
      'Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN.',
    );
    assert.ok(doc.components.schemas.ErrorEnvelope);

    const upload = ops.get('POST /sscs/sboms/upload')!;
    const form = upload.requestBody!.content['multipart/form-data']!.schema;
    assert.deepEqual(form.required, ['file']);
    assert.deepEqual(form.properties!.file, {
      type: 'string',
      format: 'binary',
      description:
        'The SBOM file: CycloneDX JSON or XML, SPDX 2 JSON or tag-value, SPDX 3 JSON-LD; the family from its name, or from its content when the name is not specific (.json, .txt, -).',
    });
    assert.equal(
      upload.responses['400']!.description,
      'Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST, PARSE_ERROR, UNSUPPORTED_FORMAT, MISSING_FILE.',
    );
    assert.equal(
      upload.responses['413']!.description,
      'Too large. Codes: FILE_TOO_LARGE, PAYLOAD_TOO_LARGE, TOO_MANY_COMPONENTS, TOO_MANY_FINDINGS.',
    );
    // Errors from two sources on one route: not found and a taken name or children in the way.
    const asset = ops.get('PATCH /sscs/assets/{assetId}')!;
    assert.deepEqual(
      ['404', '409'].map((status) => asset.responses[status]!.description),
      ['Not found (also for another organisation’s id). Codes: NOT_FOUND.', 'Conflict. Codes: CONFLICT.'],
    );
    // A route without extras has the common errors only.
    assert.deepEqual(Object.keys(ops.get('GET /sscs/findings/summary')!.responses).sort(), [
      '200',
      '400',
      '401',
      '403',
      '408',
      '429',
      '500',
    ]);
    assert.deepEqual(Object.keys(ops.get('POST /mcp')!.responses).sort(), [
      '200',
      '401',
      '403',
      '429',
      '500',
    ]);
  });

  it('gives every operation a unique operationId, the scan and VEX their request bodies, the export its file types', async (t) => {
    const { app } = await build(t, 'sqlite');
    const doc = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation & { operationId?: string }>>;
    };
    const ids = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, op]) => [`${method.toUpperCase()} ${path}`, op.operationId] as const),
    );
    assert.deepEqual(
      ids.filter(([, id]) => !id),
      [],
      'every operation has one',
    );
    assert.equal(new Set(ids.map(([, id]) => id)).size, ids.length, 'no two alike');
    const byName = new Map<string, string | undefined>(ids);
    assert.deepEqual(
      ['GET /sscs/sboms/{sbomId}/export', 'POST /sscs/scan', 'GET /healthz'].map((n) => byName.get(n)),
      ['getSscsSbomsBySbomIdExport', 'postSscsScan', 'getHealthz'],
    );

    const scan = doc.paths['/sscs/scan']!.post!.requestBody!.content['multipart/form-data']!.schema;
    assert.deepEqual(
      [scan.required, Object.keys(scan.properties!)],
      [['file'], ['file', 'assetName', 'name', 'version']],
    );
    assert.deepEqual(Object.keys(doc.paths['/sscs/vex']!.post!.requestBody!.content), [
      'application/json',
      'multipart/form-data',
    ]);
    const file = doc.paths['/sscs/sboms/{sbomId}/export']!.get!.responses['200'] as unknown as {
      content: Record<string, unknown>;
    };
    assert.deepEqual(Object.keys(file.content), [
      'application/vnd.cyclonedx+json',
      'application/json',
      'application/sarif+json',
      'text/csv',
    ]);
  });
});
