// REST edge of the pipeline features: scan, exports, VEX import, diff (docs/pipeline.md); assets: portfolio/.
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, validationFailed } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import { NOT_FOUND_ERRORS } from '../http/openapi.ts';
import { principalOf } from '../tenancy/route-auth.ts';
import { AssetParams } from '../portfolio/asset.schemas.ts';
import { SbomParams } from '../sboms/sbom.schemas.ts';
import { admit, leaveGate, stopReading } from '../sboms/sbom.routes.ts';
import type { LargeUploadGate } from '../sboms/upload-gate.ts';
import { fileTooLarge, readUploadForm } from '../sboms/upload-form.ts';
import { FEATURES } from '../tenancy/plans.ts';
import type { PipelineServices } from './index.ts';
import {
  DiffQuery,
  ExportQuery,
  NoQuery,
  SbomDiff,
  ScanQuery,
  ScanResponse,
  VexResult,
} from './pipeline.schemas.ts';
import { EXPORT_FILE, SCAN_BODY, VEX_BODY } from './pipeline.openapi.ts';

const feature = FEATURES.supplyChainSecurity;
const read = { auth: { scope: 'sbom:read', feature } } as const;
const write = { auth: { scope: 'sbom:write', feature } } as const;
const tags = ['pipeline'];

export async function pipelineRoutes(
  app: App,
  deps: { pipeline: PipelineServices; maxUploadBytes: number; largeUploads: LargeUploadGate },
): Promise<void> {
  const { pipeline, maxUploadBytes, largeUploads } = deps;
  await app.register(multipart, { limits: { fileSize: maxUploadBytes }, throwFileSizeLimit: false });

  app.post(
    '/sscs/scan',
    {
      ...leaveGate,
      config: read,
      schema: {
        tags,
        summary: 'Match an SBOM without storing it',
        description:
          'multipart/form-data as the upload (file; optional assetName applies the triage recorded on that asset; name and version are accepted and ignored). Nothing is stored. With remediation=true, data.remediation is the upgrade plan of the open findings.',
        querystring: ScanQuery,
        consumes: ['multipart/form-data'],
        response: { 200: ScanResponse },
        'x-operation': { requestBody: SCAN_BODY },
      },
    },
    async (request, reply) => {
      const { orgId, reach } = principalOf(request);
      admit(largeUploads, orgId, request, reply);
      let form;
      try {
        form = await readUploadForm(request, maxUploadBytes);
      } catch (error) {
        stopReading(request.raw, reply);
        throw error;
      }
      const { data, coverage } = await pipeline.scan.scan(orgId, form.file, {
        assetName: form.fields.assetName,
        remediation: request.query.remediation === 'true',
        reach,
      });
      return { data, error: null, meta: { coverage } };
    },
  );

  app.get(
    '/sscs/sboms/:sbomId/export',
    {
      config: read,
      schema: {
        tags,
        summary: "Export an SBOM's findings as a file",
        description:
          'cyclonedx (CycloneDX 1.6 JSON: the SBOM with its vulnerabilities), cyclonedx-vex, openvex (0.2.0), sarif (2.1.0), csv. The body is the file, not an envelope; errors use the envelope.',
        params: SbomParams,
        querystring: ExportQuery,
        'x-operation': { responses: { 200: EXPORT_FILE } },
      },
    },
    async (request, reply) => {
      const file = await pipeline.exports.export(
        principalOf(request),
        request.params.sbomId,
        request.query.format,
      );
      void reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`);
      // A Buffer, not a string: Fastify would rewrite the content type to add a charset.
      return reply.send(typeof file.body === 'string' ? Buffer.from(file.body) : Readable.from(file.body));
    },
  );

  app.get(
    '/sscs/assets/:assetId/export',
    {
      config: read,
      schema: {
        tags,
        summary: "Export an asset's latest SBOM",
        description:
          'The export of the asset’s newest SBOM, in the formats of the SBOM export (docs/portfolio.md). An unknown asset, or one without SBOMs, is 404.',
        params: AssetParams,
        querystring: ExportQuery,
      },
    },
    async (request, reply) => {
      const file = await pipeline.exports.exportAsset(
        principalOf(request),
        request.params.assetId,
        request.query.format,
      );
      void reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`);
      return reply.send(typeof file.body === 'string' ? Buffer.from(file.body) : Readable.from(file.body));
    },
  );

  app.post(
    '/sscs/vex',
    {
      config: write,
      schema: {
        tags,
        summary: 'Apply a VEX document as triage',
        description:
          'CycloneDX VEX 1.4+ or OpenVEX 0.2.0, as a JSON body or as the multipart field file. States map to finding statuses; statements that match no finding are listed in unmatched.',
        querystring: NoQuery,
        response: { 200: envelopeOf(VexResult) },
        'x-operation': { requestBody: VEX_BODY },
      },
    },
    async (request) => {
      const multipart = request.isMultipart();
      const doc = multipart ? await readVexFile(request, maxUploadBytes) : request.body;
      return ok(await pipeline.vex.apply(principalOf(request), doc, multipart ? 'file' : 'body'));
    },
  );

  app.get(
    '/sscs/sboms/:sbomId/diff',
    {
      config: read,
      schema: {
        tags,
        summary: 'Compare two SBOMs',
        description:
          'The change from the SBOM named by `against` (the older) to this one: components added, removed and ' +
          'changed in version, findings introduced and findings resolved. Another organisation’s id is 404.',
        params: SbomParams,
        querystring: DiffQuery,
        response: { 200: envelopeOf(SbomDiff) },
        'x-operation': { errors: NOT_FOUND_ERRORS },
      },
    },
    async (request) =>
      ok(await pipeline.diff.diff(principalOf(request), request.params.sbomId, request.query.against)),
  );
}

/** The multipart form of a VEX import: one `file` part holding JSON, nothing else. */
async function readVexFile(request: FastifyRequest, maxBytes: number): Promise<unknown> {
  let text: string | undefined;
  for await (const part of request.parts({ limits: { fileSize: maxBytes, parts: 5 } })) {
    if (part.type !== 'file' || part.fieldname !== 'file')
      throw validationFailed(`Unexpected form field '${part.fieldname}': the VEX import accepts only file`, [
        { path: `body.${part.fieldname}`, message: `unexpected field '${part.fieldname}'` },
      ]);
    const buffer = await part.toBuffer();
    if ((part.file as { truncated?: boolean }).truncated) throw fileTooLarge(maxBytes);
    text = buffer.toString('utf8');
  }
  if (text === undefined)
    throw new AppError('MISSING_FILE', 400, "The form has no 'file' field with the VEX document");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError('PARSE_ERROR', 400, `VEX document: invalid JSON: ${(error as Error).message}`);
  }
}
