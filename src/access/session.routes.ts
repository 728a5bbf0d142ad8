/** POST /session signs in (sets the cookie), GET /session says who is signed in, DELETE /session signs out. */
import type { App } from '../http/app-type.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import { principalOf, sessionOnly } from '../tenancy/route-auth.ts';
import { clearSessionCookie, setSessionCookie } from '../http/session-cookie.ts';
import { Deleted } from './access.schemas.ts';
import { SessionView, SignInBody } from './session.schemas.ts';
import { ABSOLUTE_TIMEOUT_MS, type SessionService } from '../tenancy/session.service.ts';

const tags = ['session'];

export async function sessionRoutes(app: App, { sessions }: { sessions: SessionService }): Promise<void> {
  app.post(
    '/session',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        description:
          'Sets the bulwark_session cookie. org (a slug) is needed only when the e-mail belongs to several ' +
          'organisations. Wrong e-mail or password: 401 INVALID_CREDENTIALS; more than 10 failures for one ' +
          'e-mail or client in 15 minutes: 429 RATE_LIMITED.',
        body: SignInBody,
        response: { 200: envelopeOf(SessionView) },
        security: [],
      },
    },
    async (request, reply) => {
      // A throttled sign-in is answered 429 with Retry-After by the error handler (SignInThrottled).
      const { secret, view } = await sessions.signIn(request.body, request.ip);
      setSessionCookie(request, reply, secret, ABSOLUTE_TIMEOUT_MS / 1000);
      // The answer carries the CSRF token: no cache may keep it.
      void reply.header('cache-control', 'no-store');
      return ok(view);
    },
  );

  app.get(
    '/session',
    {
      config: sessionOnly('viewer', { duringEnrolment: true }),
      schema: {
        tags,
        summary: 'Who is signed in',
        description:
          'The signed-in person, their role and organisation (session cookie only; docs/sessions.md).',
        response: { 200: envelopeOf(SessionView) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok(principalOf(request).session!.view);
    },
  );

  app.delete(
    '/session',
    {
      config: sessionOnly('viewer', { duringEnrolment: true }),
      schema: {
        tags,
        summary: 'Sign out',
        description: 'Ends the session and clears its cookie.',
        response: { 200: envelopeOf(Deleted) },
      },
    },
    async (request, reply) => {
      const id = await sessions.signOut(principalOf(request));
      clearSessionCookie(request, reply);
      return ok({ id, deleted: true as const });
    },
  );
}
