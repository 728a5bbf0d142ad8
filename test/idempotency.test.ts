import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IdempotencyService } from '../src/idempotency/idempotency.service.ts';
import { build, createOrg, type TestOrg } from './support/app.ts';
import { createTestStore, DIALECTS } from './support/store.ts';
import { uploadFile } from './support/upload.ts';

const vendor = { name: 'Acme', type: 'commercial', riskTier: 2, assessmentStatus: 'not_started' };
const sbom = (name: string) =>
  JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', components: [{ type: 'library', name }] });

for (const dialect of DIALECTS) {
  describe(`${dialect}: Idempotency-Key`, () => {
    it('a retried create returns the first response and stores nothing twice; another body is a conflict', async (t) => {
      const env = await build(t, dialect);
      const org = await createOrg(env.services);
      const other = await createOrg(env.services);
      const post = (as: TestOrg, payload: object, key?: string) =>
        env.app.inject({
          method: 'POST',
          url: '/api/v1/sscs/vendors',
          headers: { ...as.bearer(), ...(key ? { 'idempotency-key': key } : {}) },
          payload,
        });

      const first = await post(org, vendor, 'k-1');
      assert.equal(first.statusCode, 201);
      assert.equal(first.headers['idempotent-replayed'], undefined);
      const retry = await post(org, vendor, 'k-1');
      assert.equal(retry.statusCode, 201);
      assert.equal(retry.headers['idempotent-replayed'], 'true');
      assert.equal(retry.body, first.body);

      const conflict = await post(org, { ...vendor, name: 'Other' }, 'k-1');
      assert.equal(conflict.statusCode, 409);
      assert.deepEqual(conflict.json(), {
        data: null,
        error: {
          code: 'IDEMPOTENCY_CONFLICT',
          message:
            "Idempotency-Key 'k-1' was already used with another request body; use a new key for a new request",
        },
        meta: null,
      });
      // Keys belong to their organisation.
      const elsewhere = await post(other, vendor, 'k-1');
      assert.equal(elsewhere.statusCode, 201);
      assert.notEqual(elsewhere.json().data.id, first.json().data.id);
      // Without a key, every POST creates.
      assert.equal((await post(org, vendor)).statusCode, 201);

      const list = await env.app.inject({ url: '/api/v1/sscs/vendors', headers: org.bearer() });
      assert.equal(list.json().data.length, 2);

      const badKey = await post(org, vendor, 'x'.repeat(256));
      assert.equal(badKey.statusCode, 400);
      assert.deepEqual(badKey.json().error.details, [
        {
          path: 'headers.idempotency-key',
          message: 'must be 1 to 255 printable ASCII characters, sent once',
        },
      ]);
    });

    it('the upload and POST /sscs/sboms', async (t) => {
      const env = await build(t, dialect);
      const org = await createOrg(env.services);
      const a = await uploadFile(env.app, org, sbom('left-pad'), 'a.cdx.json', { 'idempotency-key': 'up-1' });
      const b = await uploadFile(env.app, org, sbom('left-pad'), 'a.cdx.json', { 'idempotency-key': 'up-1' });
      assert.equal(a.statusCode, 201);
      assert.equal(b.statusCode, 201);
      assert.equal(b.json().data.id, a.json().data.id);
      const changed = await uploadFile(env.app, org, sbom('right-pad'), 'a.cdx.json', {
        'idempotency-key': 'up-1',
      });
      assert.equal(changed.statusCode, 409);
      assert.equal(changed.json().error.code, 'IDEMPOTENCY_CONFLICT');

      const create = () =>
        env.app.inject({
          method: 'POST',
          url: '/api/v1/sscs/sboms',
          headers: { ...org.bearer(), 'idempotency-key': 'rec-1' },
          payload: { name: 'record' },
        });
      const [c1, c2] = [await create(), await create()];
      assert.equal(c2.json().data.id, c1.json().data.id);
      const list = await env.app.inject({ url: '/api/v1/sscs/sboms', headers: org.bearer() });
      assert.deepEqual(
        list.json().data.map((s: { name: string }) => s.name),
        ['record', 'a.cdx.json'],
      );
    });

    it('records expire after 24 h; a failed request frees its key', async (t) => {
      const store = await createTestStore(dialect);
      t.after(() => store.close());
      const env = await build(t, dialect, { store });
      const org = await createOrg(env.services);
      let now = Date.parse('2026-11-23T10:00:00Z');
      const service = new IdempotencyService(store.db, () => now);
      assert.deepEqual(await service.reserve(org.id, 'k', 'f1'), { kind: 'new' });
      await service.complete(org.id, 'k', { status: 201, body: '{"data":1}' });
      now += 24 * 3_600_000 - 1;
      assert.deepEqual(await service.reserve(org.id, 'k', 'f1'), {
        kind: 'replay',
        response: { status: 201, body: '{"data":1}' },
      });
      await assert.rejects(service.reserve(org.id, 'k', 'f2'), { code: 'IDEMPOTENCY_CONFLICT', status: 409 });
      now += 1;
      assert.deepEqual(await service.reserve(org.id, 'k', 'f2'), { kind: 'new' }, 'expired: a new request');
      await assert.rejects(service.reserve(org.id, 'k', 'f2'), {
        code: 'IDEMPOTENCY_CONFLICT',
        message: "A request with Idempotency-Key 'k' is still being processed; retry once it has finished",
      });
      await service.release(org.id, 'k');
      assert.deepEqual(await service.reserve(org.id, 'k', 'f3'), { kind: 'new' });
    });
  });
}
