/** The `bulwark_session` cookie: how it is read, set and cleared (attributes in docs/sessions.md). */
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'bulwark_session';

export function readSessionCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  return parseCookie(header)[SESSION_COOKIE] || undefined;
}

/** Secure only when the request itself came over TLS (a plain-HTTP localhost console must keep working). */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  value: string,
  maxAgeSeconds: number,
) {
  void reply.header(
    'set-cookie',
    stringifySetCookie({
      name: SESSION_COOKIE,
      value,
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: maxAgeSeconds,
      secure: request.protocol === 'https',
    }),
  );
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  setSessionCookie(request, reply, '', 0);
}
