// A policy file (`bulwark policy apply policies.yaml`): license groups and policies kept in git, read and checked
// whole before anything is written (docs/policies.md "Policy files").
import { parse as parseYaml } from 'yaml';
import { validationFailed, type ErrorDetail } from '../errors.ts';
import { LicenseGroupBody, PolicyBody, type LicenseGroupInput, type PolicyInput } from './policy.schemas.ts';
import type { PolicyService } from './policy.service.ts';

export interface PolicyFile {
  licenseGroups: LicenseGroupInput[];
  policies: PolicyInput[];
}

export interface ApplyResult {
  licenseGroups: { created: string[]; updated: string[] };
  policies: { created: string[]; updated: string[]; deleted: string[] };
}

/** Reads YAML (or JSON, which is YAML): `{licenseGroups?: […], policies: […]}`; every problem named by its path. */
export function readPolicyFile(text: string): PolicyFile {
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (error) {
    throw validationFailed(`The policy file is not YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw validationFailed(
      'The policy file must be a mapping with `policies` (and optionally `licenseGroups`)',
    );
  const { licenseGroups = [], policies = [], ...rest } = doc as Record<string, unknown>;
  const details: ErrorDetail[] = Object.keys(rest).map((k) => ({ path: k, message: 'unexpected field' }));
  const read = <T>(
    list: unknown,
    key: string,
    schema: {
      safeParse(
        v: unknown,
      ):
        | { success: true; data: T }
        | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
    },
  ): T[] => {
    if (!Array.isArray(list)) {
      details.push({ path: key, message: 'must be a list' });
      return [];
    }
    return list.flatMap((item, i) => {
      const parsed = schema.safeParse(item);
      if (parsed.success) return [parsed.data];
      for (const issue of parsed.error.issues)
        details.push({ path: [key, i, ...issue.path].map(String).join('.'), message: issue.message });
      return [];
    });
  };
  const file = {
    licenseGroups: read(licenseGroups, 'licenseGroups', LicenseGroupBody),
    policies: read(policies, 'policies', PolicyBody),
  };
  for (const [key, list] of [
    ['licenseGroups', file.licenseGroups],
    ['policies', file.policies],
  ] as const) {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      if (seen.has(item.name))
        details.push({ path: `${key}.${i}.name`, message: `'${item.name}' appears twice` });
      seen.add(item.name);
    });
  }
  if (details.length > 0)
    throw validationFailed(
      `The policy file is not valid: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
      details,
    );
  return file;
}

/**
 * Creates or replaces each group and policy by name (groups first: policies name them); with `prune`, deletes
 * the organisation's policies the file does not name. Every policy is checked before the first write.
 */
export async function applyPolicyFile(
  service: PolicyService,
  orgId: string,
  actorId: string,
  file: PolicyFile,
  options: { prune?: boolean } = {},
): Promise<ApplyResult> {
  const result: ApplyResult = {
    licenseGroups: { created: [], updated: [] },
    policies: { created: [], updated: [], deleted: [] },
  };
  const groups = await service.listGroups(orgId);
  // Groups the file defines count as existing when its policies are checked.
  for (const group of file.licenseGroups) {
    const existing = groups.find((g) => g.name.toLowerCase() === group.name.toLowerCase());
    if (existing) {
      await service.replaceGroup(orgId, actorId, existing.id, group);
      result.licenseGroups.updated.push(group.name);
    } else {
      await service.createGroup(orgId, actorId, group);
      result.licenseGroups.created.push(group.name);
    }
  }
  const problems: ErrorDetail[] = [];
  for (const [i, policy] of file.policies.entries())
    for (const p of await service.check(orgId, policy))
      problems.push({ path: `policies.${i}.${p.path}`, message: p.message });
  if (problems.length > 0)
    throw validationFailed(
      `The policy file is not valid: ${problems.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
      problems,
    );
  const current = await service.list(orgId);
  for (const policy of file.policies) {
    const existing = current.find((p) => p.name === policy.name);
    if (existing) {
      await service.replace(orgId, actorId, existing.id, policy);
      result.policies.updated.push(policy.name);
    } else {
      await service.create(orgId, actorId, policy);
      result.policies.created.push(policy.name);
    }
  }
  if (options.prune)
    for (const policy of current.filter((p) => !file.policies.some((f) => f.name === p.name))) {
      await service.delete(orgId, actorId, policy.id);
      result.policies.deleted.push(policy.name);
    }
  return result;
}
