/**
 * Security headers. Every response gets the cheap, content-neutral ones; pages of the console (HTML and its
 * assets) also get the strict Content-Security-Policy from `consoleSecurityHeaders`.
 */
import type { FastifyReply } from 'fastify';
import type { App } from './app-type.ts';

/** Safe on any response, JSON or HTML (the API docs page included). */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  // frame-ancestors below is the modern form; this covers browsers that only know the old header.
  'x-frame-options': 'DENY',
};

export interface ConsoleCspOptions {
  /** Extra origins the console may call with fetch (e.g. an API on another host); same origin always. */
  connectSrc?: readonly string[];
  /** Extra image sources (data: URLs are always allowed, for inline SVG icons). */
  imgSrc?: readonly string[];
}

/**
 * The console's policy: scripts and styles from our own origin only (no 'unsafe-inline', no eval), nothing may
 * frame it, forms post only to us, no plugins, no <base> rewriting.
 */
export function consoleContentSecurityPolicy(options: ConsoleCspOptions = {}): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'data:', ...(options.imgSrc ?? [])]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...(options.connectSrc ?? [])]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** Everything a console response should carry; `reply.headers(consoleSecurityHeaders())`. */
export function consoleSecurityHeaders(options: ConsoleCspOptions = {}): Record<string, string> {
  return {
    ...BASE_SECURITY_HEADERS,
    'content-security-policy': consoleContentSecurityPolicy(options),
    'cross-origin-opener-policy': 'same-origin',
  };
}

export function applyConsoleSecurityHeaders(reply: FastifyReply, options: ConsoleCspOptions = {}): void {
  void reply.headers(consoleSecurityHeaders(options));
}

/** Adds BASE_SECURITY_HEADERS to every response of the app. */
export function installSecurityHeaders(app: App): void {
  // A callback hook: an async one would cost every request a promise and a microtask for three headers.
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(BASE_SECURITY_HEADERS);
    done();
  });
}
