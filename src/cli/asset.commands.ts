// `bulwark asset …`: an operator lists, shows, updates and deletes an organisation's assets, and runs retention
// now (docs/portfolio.md). Assets are named by id or by name.
import { SYSTEM_ACTOR } from '../audit/audit.repository.ts';
import { validationFailed } from '../errors.ts';
import {
  CLASSIFIERS,
  UpdateAssetBody,
  type Asset,
  type UpdateAssetInput,
} from '../portfolio/asset.schemas.ts';
import { emit, parse, requireString, UsageError, type Command } from './cli-kit.ts';
import { withStore } from './context.ts';
import {
  describeRetention,
  RETENTION_OPTIONS,
  RETENTION_USAGE,
  retentionFromFlags,
} from './retention-flags.ts';

const counts = (c: { total: number; CRITICAL: number; HIGH: number }) =>
  `${c.total} open (${c.CRITICAL} critical, ${c.HIGH} high)`;

/** One line per asset, indented under its parent. */
function tree(assets: Asset[]): string {
  const ids = new Set(assets.map((a) => a.id));
  const children = new Map<string | null, Asset[]>();
  for (const a of assets) {
    const parent = a.parentId && ids.has(a.parentId) ? a.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), a]);
  }
  const lines: string[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const a of children.get(parent) ?? []) {
      lines.push(
        `${'  '.repeat(depth)}${a.name}  ${a.id}  ${a.classifier}${a.active ? '' : '  INACTIVE'}  ${a.versions.length} version(s)  ` +
          `${counts(a.rollup.openFindings)}${a.tags.length ? `  [${a.tags.join(', ')}]` : ''}`,
      );
      walk(a.id, depth + 1);
    }
  };
  walk(null, 0);
  return lines.join('\n');
}

export const assetCommand: Command = {
  summary: 'list, show, update or delete assets; apply retention now',
  usage: `Usage:
  bulwark asset list --org <slug> [--tag T] [--q TEXT] [--all|--inactive] [--json]
  bulwark asset show <id|name> --org <slug> [--json]
  bulwark asset update <id|name> --org <slug> [--name N] [--tags a,b] [--parent <id|name>|--top-level]
      [--classifier ${CLASSIFIERS.join('|')}] [--active|--inactive]
      ${RETENTION_USAGE} [--json]
  bulwark asset delete <id|name> --org <slug> [--json]
  bulwark asset retention run --org <slug> [--json]

An upload's assetName creates its asset. list shows active assets as a tree (--all: inactive ones too; --inactive:
only those). --tags replaces the tags (--tags '' clears them). Retention flags change the asset's own settings
(each over the organisation's default); --no-retention falls back to the default. delete removes the asset's SBOMs
too, and refuses an asset with children.`,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      org: { type: 'string' },
      name: { type: 'string' },
      tags: { type: 'string' },
      tag: { type: 'string' },
      q: { type: 'string' },
      all: { type: 'boolean' },
      parent: { type: 'string' },
      'top-level': { type: 'boolean' },
      classifier: { type: 'string' },
      active: { type: 'boolean' },
      inactive: { type: 'boolean' },
      ...RETENTION_OPTIONS,
      json: { type: 'boolean' },
    });
    const [action, arg, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
    const slug = requireString(values.org, '--org');
    switch (action) {
      case 'list':
        if (arg !== undefined) throw new UsageError('asset list takes no arguments');
        return withStore(async ({ services }) => {
          const org = await services.organisations.requireBySlug(slug);
          const active = values.all ? 'all' : values.inactive ? 'false' : values.q ? 'all' : 'true';
          const list = await services.portfolio.assets.list(org.id, {
            active,
            ...(values.q !== undefined ? { q: values.q } : {}),
            ...(values.tag !== undefined ? { tag: values.tag.toLowerCase() } : {}),
          });
          emit(io, values.json, { assets: list }, list.length ? tree(list) : 'No assets');
          return 0;
        });
      case 'show':
        if (!arg) throw new UsageError('<id|name> is required');
        return withStore(async ({ services }) => {
          const org = await services.organisations.requireBySlug(slug);
          const asset = await services.portfolio.assets.get(
            org.id,
            (await services.portfolio.assets.resolve(org.id, arg)).id,
          );
          const human = [
            `${asset.name} (${asset.id})  ${asset.classifier}  ${asset.active ? 'active' : 'INACTIVE'}`,
            `tags: ${asset.tags.join(', ') || 'none'}`,
            `parent: ${asset.parentId ?? 'none'}; children: ${asset.children.map((c) => c.name).join(', ') || 'none'}`,
            `retention: ${describeRetention(asset.effectiveRetention)}${asset.retention ? '' : ' (organisation default)'}`,
            `latest SBOM: ${asset.latestSbomId ?? 'none'}; ${counts(asset.openFindings)}`,
            `with ${asset.rollup.assets - 1} descendant(s): ${counts(asset.rollup.openFindings)}, ${asset.rollup.openViolations.total} open violation(s)`,
            ...asset.versions.map((v) => `  ${v.sbomId}  ${v.version ?? '-'}  ${v.createdAt}`),
          ];
          emit(io, values.json, asset, human.join('\n'));
          return 0;
        });
      case 'update': {
        if (!arg) throw new UsageError('<id|name> is required');
        if (values.active && values.inactive)
          throw new UsageError('--active and --inactive exclude each other');
        return withStore(async ({ services }) => {
          const org = await services.organisations.requireBySlug(slug);
          const assets = services.portfolio.assets;
          const row = await assets.resolve(org.id, arg);
          const current = (await assets.get(org.id, row.id)).retention;
          const retention = retentionFromFlags(values, current);
          const raw: Record<string, unknown> = {
            ...(values.name !== undefined ? { name: values.name } : {}),
            ...(values.tags !== undefined
              ? { tags: values.tags.split(',').filter((t) => t.trim() !== '') }
              : {}),
            ...(values.classifier !== undefined ? { classifier: values.classifier } : {}),
            ...(values.active !== undefined ? { active: values.active } : {}),
            ...(values.inactive ? { active: false } : {}),
            ...(retention !== undefined ? { retention } : {}),
          };
          if (values.parent !== undefined && values['top-level'])
            throw new UsageError('--parent and --top-level exclude each other');
          if (values.parent !== undefined) raw.parentId = (await assets.resolve(org.id, values.parent)).id;
          if (values['top-level']) raw.parentId = null;
          if (Object.keys(raw).length === 0)
            throw new UsageError('nothing to update: give at least one flag');
          const parsed = UpdateAssetBody.safeParse(raw);
          if (!parsed.success)
            throw validationFailed(
              `Invalid asset: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
            );
          const updated = await assets.update(org.id, SYSTEM_ACTOR, row.id, parsed.data as UpdateAssetInput);
          emit(io, values.json, updated, `Updated asset ${updated.name} (${updated.id})`);
          return 0;
        });
      }
      case 'delete':
        if (!arg) throw new UsageError('<id|name> is required');
        return withStore(async ({ services }) => {
          const org = await services.organisations.requireBySlug(slug);
          const row = await services.portfolio.assets.resolve(org.id, arg);
          const result = await services.portfolio.assets.delete(org.id, SYSTEM_ACTOR, row.id);
          emit(
            io,
            values.json,
            result,
            `Deleted asset ${row.name} (${row.id}) and ${result.sbomsDeleted} SBOM(s)`,
          );
          return 0;
        });
      case 'retention':
        if (arg !== 'run')
          throw new UsageError(`unknown action 'retention ${arg ?? ''}': try 'retention run'`);
        return withStore(async ({ services }) => {
          const org = await services.organisations.requireBySlug(slug);
          const run = await services.portfolio.retention.sweepOrg(org.id);
          emit(
            io,
            values.json,
            run,
            `Retention: ${run.assetsSwept} asset(s) with settings, ${run.sbomsDeleted} SBOM(s) deleted, ${run.assetsDeactivated} asset(s) marked inactive`,
          );
          return 0;
        });
      default:
        throw new UsageError(`unknown action '${action ?? ''}'`);
    }
  },
};
