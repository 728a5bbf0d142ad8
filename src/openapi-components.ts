/**
 * The response schemas the OpenAPI document names (components.schemas, referenced where routes use them), so the
 * generated types have names a client can use: `components['schemas']['Finding']` (clients/typescript/openapi.ts).
 * A registry of its own, not zod's global one: the tool catalog and the event schemas stay as they are.
 */
import { z } from 'zod';
import { Finding, FindingDetail } from './findings/finding.schemas.ts';
import { TriageRule } from './findings/triage/rule.schemas.ts';
import { LicenseGroup, Policy, Violation, ViolationDetail } from './policies/policy.schemas.ts';
import { Asset } from './portfolio/asset.schemas.ts';
import { Component, SbomListItem, SbomRecord } from './sboms/sbom.schemas.ts';
import { Vendor, VendorRiskSummary } from './vendors/vendor.schemas.ts';

export const REST_SCHEMAS = z.registry<{ id: string }>();

const NAMED = {
  Finding,
  FindingDetail,
  TriageRule,
  Policy,
  LicenseGroup,
  Violation,
  ViolationDetail,
  Asset,
  SbomListItem,
  SbomRecord,
  Component,
  Vendor,
  VendorRiskSummary,
};
for (const [id, schema] of Object.entries(NAMED)) REST_SCHEMAS.add(schema, { id });
