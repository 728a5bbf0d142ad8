/**
 * Serves the built web console (console/dist) at `/`: hashed assets from disk, index.html for every other GET
 * outside the API (history fallback for deep links), all with the security headers of docs/console.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { App } from './app-type.ts';
import { consoleSecurityHeaders } from './security-headers.ts';

export const CONSOLE_DIST = fileURLToPath(new URL('../../console/dist/', import.meta.url));

// The strict policy of docs/console.md: no inline scripts or styles from markup, nothing from other origins,
// never framed. React writes styles through the CSSOM (element.style), which style-src does not govern.
const SECURITY_HEADERS = consoleSecurityHeaders();

const NOT_BUILT = `The Bulwark console is not built, so there is nothing to show here yet.
Build it with  scripts/with-node.sh npm run build:console  and restart the server.
The REST API is available under /api/v1 (documentation at /api/v1/docs).
`;

/** Paths the console must never answer: the API keeps its JSON 404 envelope. */
const isApiPath = (url: string): boolean => url === '/api' || url.startsWith('/api/');

/**
 * The console's top-level sections (console/src/router.tsx). Only their deep links fall back to the page; any
 * other unknown path keeps the API's 404 NOT_FOUND envelope (docs/contract.md), so a typo is not a 200.
 */
const CONSOLE_SECTIONS = new Set([
  '',
  'sign-in',
  'sboms',
  // The Assets page; the hashed files under /assets/ are told apart by the slash (below).
  'assets',
  'findings',
  'vendors',
  'access',
  'audit',
  'authorize',
  'governance',
]);
const isConsolePath = (path: string): boolean => CONSOLE_SECTIONS.has(path.split('/')[1] ?? '');

/** A browser navigating (Accept names text/html), not a script. */
const wantsHtml = (request: FastifyRequest): boolean => /\btext\/html\b/.test(request.headers.accept ?? '');

export async function consoleRoutes(
  app: App,
  { root = CONSOLE_DIST }: { root?: string } = {},
): Promise<void> {
  app.addHook('onSend', async (request, reply) => {
    if (!isApiPath(request.url)) void reply.headers(SECURITY_HEADERS);
  });

  const indexPath = join(root, 'index.html');
  const index = existsSync(indexPath) ? readFileSync(indexPath) : null;

  const fallback = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    // A person who mistypes a console address gets the console's own "not found" page (status 404); API
    // clients, which do not ask for HTML, keep the JSON envelope.
    if (
      !isApiPath(path) &&
      !isConsolePath(path) &&
      !path.startsWith('/assets/') &&
      index &&
      wantsHtml(request)
    )
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(index);
    if (isApiPath(path) || (!isConsolePath(path) && !path.startsWith('/assets/')))
      throw new AppError('NOT_FOUND', 404, `No route for ${request.method} ${path}`);
    // A missing hashed asset (an old tab after a new build) must not receive the HTML page as a script.
    if (path.startsWith('/assets/'))
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found\n');
    if (!index) return reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
  };

  if (index) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: false,
      // scripts/build-console.ts writes .br and .gz beside each asset: sent to clients that accept them.
      preCompressed: true,
      // Vite names assets by content hash: they never change under one name.
      setHeaders: (reply, path) => {
        if (path.includes('/assets/'))
          void reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.get('/', { schema: { hide: true } }, fallback);
  app.get('/*', { schema: { hide: true } }, fallback);
}
