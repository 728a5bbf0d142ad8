/** The second-factor endpoints of a signed-in person: enrol, confirm, status, disable (docs/identity.md). */
import { z } from 'zod';
import type { App } from '../../http/app-type.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { principalOf, sessionOnly } from '../../tenancy/route-auth.ts';
import type { MfaService } from './mfa.service.ts';

const tags = ['session'];
const self = sessionOnly('viewer', { duringEnrolment: true });
const Code = z.string().regex(/^\d{6}$/, 'six digits');

const Enrolment = z.object({ secret: z.string(), otpauthUri: z.string() });
const Confirmed = z.object({ recoveryCodes: z.array(z.string()) });
const Status = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });
const DisableBody = z
  .object({ code: Code.optional(), recoveryCode: z.string().min(1).max(64).optional() })
  .strict()
  .refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), {
    message: 'give exactly one of code and recoveryCode',
    path: ['code'],
  });

export async function mfaRoutes(app: App, { mfa }: { mfa: MfaService }): Promise<void> {
  app.get(
    '/session/mfa',
    {
      config: self,
      schema: {
        tags,
        summary: 'Second-factor status',
        description:
          'Whether the signed-in person has a TOTP second factor, and how many recovery codes are left.',
        response: { 200: envelopeOf(Status) },
      },
    },
    async (request) => ok(await mfa.status(principalOf(request))),
  );

  app.post(
    '/session/mfa',
    {
      config: self,
      schema: {
        tags,
        summary: 'Start TOTP enrolment',
        description:
          'A new TOTP secret (RFC 6238: SHA-1, 30 s, 6 digits) and its otpauth:// URI for an authenticator app. ' +
          'It takes effect once POST /session/mfa/confirm receives a code from it. 409 CONFLICT when a factor is on.',
        response: { 200: envelopeOf(Enrolment) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok(await mfa.enrol(principalOf(request)));
    },
  );

  app.post(
    '/session/mfa/confirm',
    {
      config: self,
      schema: {
        tags,
        summary: 'Confirm TOTP enrolment',
        description:
          'Turns the second factor on when code is valid, and answers ten recovery codes, each usable once ' +
          '(stored hashed; shown only here). A wrong code: 400 VALIDATION_FAILED.',
        body: z.object({ code: Code }).strict(),
        response: { 200: envelopeOf(Confirmed) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok(await mfa.confirm(principalOf(request), request.body.code));
    },
  );

  app.delete(
    '/session/mfa',
    {
      config: self,
      schema: {
        tags,
        summary: 'Turn the second factor off',
        description:
          'Needs a current code or a recovery code. 409 CONFLICT when none is on or the organisation requires one.',
        body: DisableBody,
        response: { 200: envelopeOf(z.object({ disabled: z.literal(true) })) },
      },
    },
    async (request) => ok(await mfa.disable(principalOf(request), request.body)),
  );
}
