// `bulwark policy …` and `bulwark license-group …`: an operator manages an organisation's policies and license
// groups, and applies a policy file kept in git (docs/policies.md).
import { readFileSync } from 'node:fs';
import { SYSTEM_ACTOR } from '../audit/audit.repository.ts';
import { validationFailed } from '../errors.ts';
import { applyPolicyFile, readPolicyFile } from '../policies/policy-file.ts';
import { LicenseGroupBody, PolicyBody, type LicenseGroup, type Policy } from '../policies/index.ts';
import { emit, parse, requireString, UsageError, type Command } from './cli-kit.ts';
import { withStore } from './context.ts';

const describePolicy = (p: Policy) =>
  `${p.id}  ${p.enabled ? 'enabled ' : 'DISABLED'}  ${p.violationState.padEnd(4)}  ${p.kind.padEnd(11)}  ${p.name}  (${p.conditions
    .map((c) => `${c.subject} ${c.operator} ${JSON.stringify(c.value)}`)
    .join(p.operator === 'all' ? ' and ' : ' or ')})`;
const describeGroup = (g: LicenseGroup) => `${g.id}  ${g.name}  ${g.licenses.length} licenses`;

/** `--condition "license_group is copyleft"`: subject, operator, then the value (JSON when it parses: true, 0.5). */
function conditionOf(text: string): { subject: string; operator: string; value: unknown } {
  const match = /^\s*(\S+)\s+(\S+)\s+(.+?)\s*$/.exec(text);
  if (!match) throw new UsageError(`--condition '${text}' must be '<subject> <operator> <value>'`);
  let value: unknown = match[3];
  try {
    const parsed: unknown = JSON.parse(match[3]!);
    if (typeof parsed !== 'string') value = parsed;
  } catch {
    // a plain word such as copyleft or pkg:npm/left-pad
  }
  return { subject: match[1]!, operator: match[2]!, value };
}

function checked<T>(
  schema: {
    safeParse(
      v: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  input: unknown,
  what: string,
): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((i) => ({
    path: i.path.map(String).join('.'),
    message: i.message,
  }));
  throw validationFailed(
    `Invalid ${what}: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
    details,
  );
}

export const policyCommand: Command = {
  summary: 'manage policies (license, security, operational) and apply a policy file',
  usage: `Usage:
  bulwark policy list --org <slug> [--json]
  bulwark policy create --org <slug> --name N --kind license|security|operational --condition '<subject> <operator> <value>'…
                        [--operator any|all] [--state info|warn|fail] [--description D] [--asset NAME]… [--disabled] [--json]
  bulwark policy delete <policyId> --org <slug> [--json]
  bulwark policy apply <file.yaml> --org <slug> [--prune] [--json]`,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      org: { type: 'string' },
      name: { type: 'string' },
      kind: { type: 'string' },
      condition: { type: 'string', multiple: true },
      operator: { type: 'string' },
      state: { type: 'string' },
      description: { type: 'string' },
      asset: { type: 'string', multiple: true },
      disabled: { type: 'boolean' },
      prune: { type: 'boolean' },
      json: { type: 'boolean' },
    });
    const [action, arg, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
    const slug = requireString(values.org, '--org');
    switch (action) {
      case 'list':
        return withStore(async ({ services }) => {
          const org = await services.organisations.requireBySlug(slug);
          const list = await services.policies.policies.list(org.id);
          emit(
            io,
            values.json,
            { policies: list },
            list.length ? list.map(describePolicy).join('\n') : 'No policies',
          );
          return 0;
        });
      case 'create': {
        if (!values.condition?.length) throw new UsageError('at least one --condition is required');
        const input = checked(
          PolicyBody,
          {
            name: requireString(values.name, '--name'),
            kind: requireString(values.kind, '--kind'),
            conditions: values.condition.map(conditionOf),
            ...(values.operator ? { operator: values.operator } : {}),
            ...(values.state ? { violationState: values.state } : {}),
            ...(values.description ? { description: values.description } : {}),
            ...(values.asset?.length ? { assetNames: values.asset } : {}),
            ...(values.disabled ? { enabled: false } : {}),
          },
          'policy',
        );
        return withStore(async ({ services }) => {
          const org = await services.organisations.requireBySlug(slug);
          const created = await services.policies.policies.create(org.id, SYSTEM_ACTOR, input);
          // The store closes after this command: the re-evaluation of existing SBOMs finishes first.
          await services.policies.reevaluation.idle();
          emit(io, values.json, created, `Created policy ${created.id} (${created.name})`);
          return 0;
        });
      }
      case 'delete': {
        if (!arg) throw new UsageError('<policyId> is required');
        return withStore(async ({ services }) => {
          const org = await services.organisations.requireBySlug(slug);
          const result = await services.policies.policies.delete(org.id, SYSTEM_ACTOR, arg);
          emit(io, values.json, result, `Deleted policy ${arg}`);
          return 0;
        });
      }
      case 'apply': {
        if (!arg) throw new UsageError('<file.yaml> is required');
        let text: string;
        try {
          text = readFileSync(arg, 'utf8');
        } catch (error) {
          throw new UsageError(
            `cannot read ${arg}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
          );
        }
        const file = readPolicyFile(text);
        return withStore(async ({ services }) => {
          const org = await services.organisations.requireBySlug(slug);
          const result = await applyPolicyFile(services.policies.policies, org.id, SYSTEM_ACTOR, file, {
            prune: values.prune === true,
          });
          await services.policies.reevaluation.idle();
          const p = result.policies;
          emit(
            io,
            values.json,
            result,
            `Applied ${arg}: ${p.created.length} policies created, ${p.updated.length} updated, ${p.deleted.length} deleted; ` +
              `${result.licenseGroups.created.length} license groups created, ${result.licenseGroups.updated.length} updated`,
          );
          return 0;
        });
      }
      default:
        throw new UsageError(`unknown action '${action ?? ''}'`);
    }
  },
};

export const licenseGroupCommand: Command = {
  summary: 'manage license groups (copyleft, weak-copyleft, permissive and your own)',
  usage: `Usage:
  bulwark license-group list --org <slug> [--json]
  bulwark license-group create --org <slug> --name N --licenses MIT,Apache-2.0,… [--json]
  bulwark license-group update <groupId> --org <slug> [--name N] [--licenses …] [--json]
  bulwark license-group delete <groupId> --org <slug> [--json]`,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      org: { type: 'string' },
      name: { type: 'string' },
      licenses: { type: 'string' },
      json: { type: 'boolean' },
    });
    const [action, arg, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
    const slug = requireString(values.org, '--org');
    const licenses = () =>
      requireString(values.licenses, '--licenses')
        .split(',')
        .map((l) => l.trim())
        .filter(Boolean);
    return withStore(async ({ services }) => {
      const org = await services.organisations.requireBySlug(slug);
      const groups = services.policies.policies;
      switch (action) {
        case 'list': {
          const list = await groups.listGroups(org.id);
          emit(io, values.json, { licenseGroups: list }, list.map(describeGroup).join('\n'));
          return 0;
        }
        case 'create': {
          const input = checked(
            LicenseGroupBody,
            { name: requireString(values.name, '--name'), licenses: licenses() },
            'license group',
          );
          const created = await groups.createGroup(org.id, SYSTEM_ACTOR, input);
          emit(
            io,
            values.json,
            created,
            `Created license group ${created.id} (${created.name}, ${created.licenses.length} licenses)`,
          );
          return 0;
        }
        case 'update': {
          if (!arg) throw new UsageError('<groupId> is required');
          const current = await groups.getGroup(org.id, arg);
          const input = checked(
            LicenseGroupBody,
            {
              name: values.name ?? current.name,
              licenses: values.licenses === undefined ? current.licenses : licenses(),
            },
            'license group',
          );
          const updated = await groups.replaceGroup(org.id, SYSTEM_ACTOR, arg, input);
          await services.policies.reevaluation.idle();
          emit(
            io,
            values.json,
            updated,
            `Updated license group ${updated.id} (${updated.name}, ${updated.licenses.length} licenses)`,
          );
          return 0;
        }
        case 'delete': {
          if (!arg) throw new UsageError('<groupId> is required');
          const result = await groups.deleteGroup(org.id, SYSTEM_ACTOR, arg);
          emit(io, values.json, result, `Deleted license group ${arg}`);
          return 0;
        }
        default:
          throw new UsageError(`unknown action '${action ?? ''}'`);
      }
    });
  },
};
