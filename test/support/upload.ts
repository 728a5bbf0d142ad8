/** A multipart SBOM upload through app.inject, as curl would send it. */
import type { App } from '../../src/http/app-type.ts';
import type { TestOrg } from './app.ts';

export async function uploadFile(
  app: App,
  org: TestOrg,
  content: string | Uint8Array,
  fileName: string,
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  form.append('file', new Blob([content]), fileName);
  const response = new Response(form);
  return app.inject({
    method: 'POST',
    url: '/api/v1/sscs/sboms/upload',
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')!, ...org.bearer(), ...headers },
  });
}
