// At most MAX_CONCURRENT_LARGE_UPLOADS large uploads and scans in progress per instance; one more is refused at once
// with 503 SERVER_BUSY and Retry-After, one organisation's over its share (all permits but one) with 429, small ones
// pass, and an abandoned upload gives its permit back (docs/resilience.md, "Large uploads"). Over real sockets: the first upload's body stalls half-way.
import assert from 'node:assert/strict';
import { request as httpRequest, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { build, createOrg, type TestOrg } from './support/app.ts';
import { DIALECTS } from './support/store.ts';

const BOUNDARY = 'bulwark-large-upload-test';
const MiB = 1_048_576;

/** A multipart body with one CycloneDX file of about `size` bytes (padded with spaces, which JSON ignores). */
function uploadBody(size: number): Buffer {
  const document = JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    components: [{ type: 'library', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' }],
  });
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.cdx.json"\r\n` +
        'Content-Type: application/json\r\n\r\n',
    ),
    Buffer.from(document + ' '.repeat(Math.max(0, size - document.length))),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { error?: { code: string; message: string } | null };
}

/** Starts an upload; `sendAll: false` sends the headers and the first half of the body, then nothing. */
function upload(
  base: string,
  org: TestOrg,
  path: string,
  body: Buffer,
  sendAll = true,
): { request: ClientRequest; answer: Promise<Answer> } {
  let request!: ClientRequest;
  const answer = new Promise<Answer>((resolve, reject) => {
    request = httpRequest(
      `${base}${path}`,
      {
        method: 'POST',
        headers: {
          ...org.bearer(),
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(body.length),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          }),
        );
      },
    );
    request.on('error', reject);
  });
  if (sendAll) request.end(body);
  else request.write(body.subarray(0, body.length / 2));
  return { request, answer };
}

/** Repeats `attempt` (20 ms apart, at most 100 times) until it is answered `status`; the last answer otherwise. */
async function answered(status: number, attempt: () => Promise<Answer>): Promise<Answer> {
  let answer = await attempt();
  for (let i = 1; i < 100 && answer.status !== status; i++) {
    await new Promise((done) => setTimeout(done, 20));
    answer = await attempt();
  }
  return answer;
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: large uploads in progress per instance`, () => {
    it('refuses one over the limit with 503 SERVER_BUSY and Retry-After, lets small ones pass, and frees the permit of an abandoned one', async (t) => {
      const { app, services } = await build(t, dialect, { config: { MAX_CONCURRENT_LARGE_UPLOADS: 1 } });
      const org = await createOrg(services);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
      const large = uploadBody(5 * MiB);

      const stalled = upload(base, org, '/sscs/sboms/upload', large, false);
      stalled.answer.catch(() => {}); // destroyed below
      // The stalled upload holds the one permit once its handler runs: poll until a second one is refused.
      const refused = await answered(503, () => upload(base, org, '/sscs/scan', large).answer);
      assert.equal(refused.status, 503);
      assert.equal(refused.headers['retry-after'], '5');
      assert.equal(refused.body.error?.code, 'SERVER_BUSY');
      assert.match(refused.body.error!.message, /MAX_CONCURRENT_LARGE_UPLOADS/);

      // A small upload never waits for the gate.
      const small = await upload(base, org, '/sscs/sboms/upload', uploadBody(10_000)).answer;
      assert.equal(small.status, 201);

      // The stalled client gives up: its permit comes back, and the next large upload is stored.
      stalled.request.destroy();
      const stored = await answered(201, () => upload(base, org, '/sscs/sboms/upload', large).answer);
      assert.equal(stored.status, 201);
      const sboms = await services.sboms.list({ orgId: org.id, reach: null });
      assert.equal(sboms.length, 2);
    });

    it("keeps a permit for other organisations: one organisation's next large upload over its share is 429", async (t) => {
      const { app, services } = await build(t, dialect, { config: { MAX_CONCURRENT_LARGE_UPLOADS: 2 } });
      const [stalling, other] = [await createOrg(services), await createOrg(services)];
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
      const large = uploadBody(5 * MiB);

      // The stalling organisation's first body holds one of the two permits (its share) once its handler runs.
      const stalled = upload(base, stalling, '/sscs/sboms/upload', large, false);
      stalled.answer.catch(() => {}); // destroyed below
      const refused = await answered(429, () => upload(base, stalling, '/sscs/scan', large).answer);
      assert.equal(refused.status, 429);
      assert.equal(refused.headers['retry-after'], '5');
      assert.equal(refused.body.error?.code, 'RATE_LIMITED');
      assert.match(refused.body.error!.message, /1 large upload in progress on this instance, its share/);

      // Another organisation's large upload takes the permit left.
      const theirs = await upload(base, other, '/sscs/sboms/upload', large).answer;
      assert.equal(theirs.status, 201);

      // The stalling client gives up: its share comes back.
      stalled.request.destroy();
      const stored = await answered(201, () => upload(base, stalling, '/sscs/sboms/upload', large).answer);
      assert.equal(stored.status, 201);
      assert.equal((await services.sboms.list({ orgId: stalling.id, reach: null })).length, 1);
      assert.equal((await services.sboms.list({ orgId: other.id, reach: null })).length, 1);
    });
  });
}
