/** REST routes of SBOMs: upload, create, list, get, components, delete. */
import type { IncomingMessage } from 'node:http';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../http/app-type.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import { NOT_FOUND_ERRORS } from '../http/openapi.ts';
import {
  fingerprintOf,
  IDEMPOTENCY_ERRORS,
  IDEMPOTENT_DESCRIPTION,
  idempotentCreate,
  jsonFingerprint,
} from '../idempotency/idempotency.hook.ts';
import { principalOf } from '../tenancy/route-auth.ts';
import type { IdempotencyService } from '../idempotency/idempotency.service.ts';
import { sendList } from '../http/stream-array.ts';
import { FEATURES } from '../tenancy/plans.ts';
import {
  Component,
  CreateSbomBody,
  DeletedSbom,
  ListSbomsQuery,
  SbomListItem,
  SbomParams,
  SbomRecord,
  SbomUpload,
} from './sbom.schemas.ts';
import type { SbomService } from './sbom.service.ts';
import { readUploadForm } from './upload-form.ts';
import type { LargeUploadGate } from './upload-gate.ts';
import { INLINE_BELOW, startParserAhead } from './worker-parser.ts';
import { ACCEPTED } from './parsers/formats.ts';
import { UPLOAD_BODY } from './sbom.openapi.ts';

const Coverage = z.object({
  ecosystem: z.string(),
  components: z.number().int(),
  advisories: z.number().int(),
});

const feature = FEATURES.supplyChainSecurity;
const read = { auth: { scope: 'sbom:read', feature } } as const;
const write = { auth: { scope: 'sbom:write', feature } } as const;
// docs/contract.md, Errors: the upload answers a token without sbom:write with FORBIDDEN.
const upload = { auth: { scope: 'sbom:write', feature, scopeErrorCode: 'FORBIDDEN' } } as const;
const tags = ['sboms'];

/** A rejected upload up to this size is read to its end and discarded; a larger one is cut off. */
const DRAIN_LIMIT = 1_048_576;

/**
 * After answering a rejected upload (too large, malformed), stop parsing it. A small one (declared length up to
 * 1 MiB) is read to its end and discarded: closing while the client is still sending its last parts made it
 * fail with EPIPE instead of reading the answer. A larger one is not read any further: the connection closes
 * once the answer is out, and the socket is dropped shortly after even if the client keeps sending.
 */
export function stopReading(raw: IncomingMessage, reply: FastifyReply): void {
  const declared = Number(raw.headers['content-length']);
  if (Number.isFinite(declared) && declared <= DRAIN_LIMIT) {
    raw.unpipe();
    raw.resume();
    return;
  }
  void reply.header('connection', 'close');
  reply.raw.once('finish', () => {
    raw.unpipe();
    raw.pause();
    setTimeout(() => raw.destroy(), 250).unref();
  });
}

const admitted = new WeakMap<FastifyRequest, () => void>();

/**
 * Admits an upload or scan past the large-upload gate, or refuses it before its body is read (docs/resilience.md,
 * "Large uploads"). The route's `onResponse` and `onRequestAbort` hooks (`leaveGate`) give the permit back.
 */
export function admit(
  gate: LargeUploadGate,
  orgId: string,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  try {
    admitted.set(request, gate.enter(request.headers['content-length'], orgId));
  } catch (error) {
    stopReading(request.raw, reply);
    throw error;
  }
}

/** Route hooks that give an admitted upload's permit back once it is answered or abandoned. */
export const leaveGate = {
  onResponse: async (request: FastifyRequest) => admitted.get(request)?.(),
  onRequestAbort: async (request: FastifyRequest) => admitted.get(request)?.(),
};

export async function sbomRoutes(
  app: App,
  deps: {
    sboms: SbomService;
    maxUploadBytes: number;
    idempotency: IdempotencyService;
    largeUploads: LargeUploadGate;
  },
): Promise<void> {
  const { sboms, maxUploadBytes, idempotency, largeUploads } = deps;
  // Oversized files are reported by readUploadForm (stream.truncated), as FILE_TOO_LARGE.
  await app.register(multipart, { limits: { fileSize: maxUploadBytes }, throwFileSizeLimit: false });

  app.post(
    '/sscs/sboms/upload',
    {
      ...leaveGate,
      config: upload,
      schema: {
        tags,
        summary: 'Upload an SBOM',
        description:
          `multipart/form-data: file (${ACCEPTED}; the family from the file name, or from the content when the name ` +
          "is not specific), optional name (default: the file name), assetName (default: the SBOM's subject, " +
          'CycloneDX metadata.component or the SPDX described package, else the file name) ' +
          "and version (default: the subject's version). Stores the SBOM, its components and their findings in one transaction.",
        consumes: ['multipart/form-data'],
        response: { 201: envelopeOf(SbomUpload).extend({ meta: z.object({ coverage: z.array(Coverage) }) }) },
        'x-operation': {
          requestBody: UPLOAD_BODY,
          errors: {
            400: ['PARSE_ERROR', 'UNSUPPORTED_FORMAT', 'MISSING_FILE'],
            ...IDEMPOTENCY_ERRORS,
            413: ['FILE_TOO_LARGE', 'PAYLOAD_TOO_LARGE', 'TOO_MANY_COMPONENTS', 'TOO_MANY_FINDINGS'],
          },
        },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = principalOf(request);
      admit(largeUploads, orgId, request, reply);
      if (Number(request.headers['content-length']) >= INLINE_BELOW) startParserAhead();
      let form;
      try {
        form = await readUploadForm(request, maxUploadBytes);
      } catch (error) {
        stopReading(request.raw, reply);
        throw error;
      }
      // Hashed only for a request with an Idempotency-Key (≈ 40 ms for 50 MiB, before the parse can start).
      const fingerprint = () =>
        fingerprintOf(
          request.routeOptions.url ?? request.url,
          JSON.stringify(form.fields),
          form.file.fileName,
          form.file.bytes,
        );
      return idempotentCreate(idempotency, request, reply, fingerprint, async () => {
        // Zero findings because no advisories are held for an ecosystem must not pass silently: meta.coverage.
        const { upload, warnings, coverage } = await sboms.uploadWithMeta(
          orgId,
          userId,
          form.file,
          form.fields,
          principalOf(request),
        );
        return { data: upload, meta: { coverage, ...(warnings.length ? { warnings } : {}) } };
      });
    },
  );

  app.post(
    '/sscs/sboms',
    {
      config: write,
      schema: {
        tags,
        summary: 'Register an SBOM without a file',
        description:
          'Creates an SBOM record from JSON (name, format, version, asset) with no components. ' +
          IDEMPOTENT_DESCRIPTION,
        body: CreateSbomBody,
        response: { 201: envelopeOf(SbomRecord) },
        'x-operation': { errors: IDEMPOTENCY_ERRORS },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = principalOf(request);
      return idempotentCreate(
        idempotency,
        request,
        reply,
        () => jsonFingerprint(request),
        () => sboms.create(orgId, userId, request.body, principalOf(request)).then((data) => ({ data })),
      );
    },
  );

  app.get(
    '/sscs/sboms',
    {
      config: read,
      schema: {
        tags,
        summary: 'List SBOMs',
        description: "The organisation's SBOMs, newest first, optionally filtered by `q` (name contains).",
        querystring: ListSbomsQuery,
        response: { 200: envelopeOf(z.array(SbomListItem)) },
      },
    },
    async (request, reply) => {
      const { q, ...assets } = request.query;
      return sendList(reply, sboms.pages(principalOf(request), q, assets));
    },
  );

  app.get(
    '/sscs/sboms/:sbomId',
    {
      config: read,
      schema: {
        tags,
        summary: 'Get an SBOM',
        description: 'One SBOM record with its component and finding counts.',
        params: SbomParams,
        response: { 200: envelopeOf(SbomRecord) },
        'x-operation': { errors: NOT_FOUND_ERRORS },
      },
    },
    async (request) => ok(await sboms.get(principalOf(request), request.params.sbomId)),
  );

  app.get(
    '/sscs/sboms/:sbomId/components',
    {
      config: read,
      schema: {
        tags,
        summary: 'List components of an SBOM',
        description: 'The components in document order (nested components flattened depth-first).',
        params: SbomParams,
        response: { 200: envelopeOf(z.array(Component)) },
        'x-operation': { errors: NOT_FOUND_ERRORS },
      },
    },
    async (request, reply) =>
      sendList(reply, await sboms.componentPages(principalOf(request), request.params.sbomId)),
  );

  app.delete(
    '/sscs/sboms/:sbomId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete an SBOM',
        description: 'Deletes the SBOM with its components and findings; the deletion is audited.',
        params: SbomParams,
        response: { 200: envelopeOf(DeletedSbom) },
        'x-operation': { errors: NOT_FOUND_ERRORS },
      },
    },
    async (request) => {
      return ok(await sboms.delete(principalOf(request), request.params.sbomId));
    },
  );
}
