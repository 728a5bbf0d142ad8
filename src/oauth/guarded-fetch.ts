/**
 * The fetch oidc-provider uses for client ID metadata documents: through the webhook target guard, so a
 * client_id URL on a loopback, private or link-local address is refused, checked on the address connected to.
 */
import https from 'node:https';
import { assertPublicLiteral, guardedLookup } from '../webhooks/target-guard.ts';

/** A metadata document is a few hundred bytes; anything past this is refused rather than buffered. */
const MAX_BODY = 64 * 1024;
const TIMEOUT_MS = 5_000;

export function guardedFetch(allowPrivate: boolean) {
  const lookup = guardedLookup(allowPrivate);
  return (input: string | URL, init: { method?: string; headers?: Record<string, string> } = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(String(input));
      // The library accepts only https client_id URLs; anything else never reaches the network.
      if (url.protocol !== 'https:') return reject(new Error(`refused: ${url.protocol} is not https`));
      try {
        assertPublicLiteral(url, allowPrivate);
      } catch (error) {
        return reject(error as Error);
      }
      const req = https.request(url, {
        method: init.method ?? 'GET',
        headers: init.headers,
        lookup,
        timeout: TIMEOUT_MS,
      });
      req.on('timeout', () => req.destroy(new Error(`timed out after ${TIMEOUT_MS} ms`)));
      req.on('error', reject);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY) return req.destroy(new Error('response too large'));
          chunks.push(chunk);
        });
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            if (typeof value === 'string') headers.set(name, value);
          resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 502, headers }));
        });
        res.on('error', reject);
      });
      req.end();
    });
}
