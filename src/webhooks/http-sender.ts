import http from 'node:http';
import https from 'node:https';
import { assertPublicLiteral, guardedLookup } from './target-guard.ts';

/**
 * Sends one webhook request. Redirects are not followed (a 3xx is an answer like any other non-2xx); the
 * timeout covers connecting, the answer and its body; private targets are refused at connect time.
 */

export interface DeliveryRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

export interface DeliveryResponse {
  status: number;
  /** Where a redirect pointed (logged, never followed). */
  location?: string;
}

/** Resolves with the receiver's status, rejects on a network failure, a refusal or the timeout. */
export type Sender = (request: DeliveryRequest) => Promise<DeliveryResponse>;

/** A receiver's body is read (so the connection can be reused) but at most this much is kept in memory. */
const MAX_BODY = 64 * 1024;

export function httpSender(options: { allowPrivate: boolean }): Sender {
  const lookup = guardedLookup(options.allowPrivate);
  // Keep-alive agents: a busy subscription reuses its connection instead of one handshake per event.
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64, lookup } as http.AgentOptions),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64, lookup } as https.AgentOptions),
  };
  return (request) =>
    new Promise<DeliveryResponse>((resolve, reject) => {
      const url = new URL(request.url);
      assertPublicLiteral(url, options.allowPrivate);
      const client = url.protocol === 'https:' ? https : http;
      const agent = agents[url.protocol as 'http:' | 'https:'];
      const req = client.request(url, {
        method: 'POST',
        agent,
        lookup,
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(request.body)),
          'user-agent': 'Bulwark-Webhooks/1',
        },
      });
      const timer = setTimeout(
        () => req.destroy(new Error(`timed out after ${request.timeoutMs} ms`)),
        request.timeoutMs,
      );
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(error);
      };
      req.on('error', fail);
      req.on('response', (res) => {
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          kept = Math.min(MAX_BODY, kept + chunk.length);
        });
        res.on('error', fail);
        res.on('end', () => {
          clearTimeout(timer);
          const status = res.statusCode ?? 0;
          const location = res.headers.location;
          resolve(location && status >= 300 && status < 400 ? { status, location } : { status });
        });
      });
      req.end(request.body);
    });
}
