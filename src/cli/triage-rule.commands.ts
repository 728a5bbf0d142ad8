// `bulwark triage-rule …`: an operator lists, creates, deletes and applies files of an organisation's triage rules
// (docs/triage-rules.md). Files are YAML or JSON: one rule, a list of rules, or `{rules: [...]}`.
import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { SYSTEM_ACTOR } from '../audit/audit.repository.ts';
import { validationFailed } from '../errors.ts';
import { RuleBody, type RuleInput } from '../findings/triage/rule.schemas.ts';
import type { TriageRule } from '../findings/triage/rule.service.ts';
import { emit, parse, requireString, UsageError, type Command } from './cli-kit.ts';
import { withStore } from './context.ts';

const describe = (r: TriageRule) =>
  `${r.id}  ${r.active ? 'active ' : 'waiting'}  p${String(r.priority).padEnd(3)}  ${r.analysis.status.padEnd(14)}  ${r.name}${r.validUntil ? `  until ${r.validUntil}` : ''}`;

const effectOf = (e: { triaged: number; reopened: number }) => `${e.triaged} triaged, ${e.reopened} reopened`;

/** The rules a file holds, each checked as the REST body is (errors name rules[i].field). */
async function readRules(path: string): Promise<RuleInput[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (error) {
    throw validationFailed(`${path} is not YAML or JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  const list: unknown[] = Array.isArray(doc)
    ? doc
    : doc !== null && typeof doc === 'object' && Array.isArray((doc as { rules?: unknown }).rules)
      ? (doc as { rules: unknown[] }).rules
      : [doc];
  return list.map((item, i) => {
    const parsed = RuleBody.safeParse(item);
    if (parsed.success) return parsed.data;
    const details = parsed.error.issues.map((issue) => ({
      path: [`rules[${i}]`, ...issue.path.map(String)].join('.'),
      message: issue.message,
    }));
    throw validationFailed(`Invalid triage rule in ${path}`, details);
  });
}

export const triageRuleCommand: Command = {
  summary: "manage an organisation's triage rules (portfolio-wide triage)",
  usage: `Usage:
  bulwark triage-rule list --org <slug> [--json]
  bulwark triage-rule create --org <slug> <file.yaml> [--json]
  bulwark triage-rule delete --org <slug> <ruleId> [--json]
  bulwark triage-rule apply --org <slug> <file.yaml> [--json]   (creates new names, replaces existing ones)`,
  async run(argv, io) {
    const { values, positionals } = parse(argv, { org: { type: 'string' }, json: { type: 'boolean' } });
    const [action, arg, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
    const needArg = (what: string) => {
      if (!arg) throw new UsageError(`${what} is required`);
      return arg;
    };
    switch (action) {
      case 'list': {
        const slug = requireString(values.org, '--org');
        return withStore(async ({ services }) => {
          const org = await services.organisations.requireBySlug(slug);
          const rules = await services.triageRules.list(org.id);
          emit(io, values.json, { rules }, rules.length ? rules.map(describe).join('\n') : 'No triage rules');
          return 0;
        });
      }
      case 'create':
      case 'apply': {
        const slug = requireString(values.org, '--org');
        const rules = await readRules(needArg('<file.yaml>'));
        if (action === 'create' && rules.length !== 1)
          throw new UsageError(`create takes a file of one rule (this one has ${rules.length}); use apply`);
        return withStore(async ({ services }) => {
          const org = await services.organisations.requireBySlug(slug);
          if (action === 'create') {
            const rule = await services.triageRules.create(org.id, SYSTEM_ACTOR, rules[0]!);
            emit(io, values.json, rule, `Created ${rule.id} ${rule.name}: ${effectOf(rule.effect)}`);
            return 0;
          }
          const results = await services.triageRules.applyFile(org.id, SYSTEM_ACTOR, rules);
          emit(
            io,
            values.json,
            { results: results.map((r) => ({ action: r.action, ...r.rule })) },
            results
              .map((r) => `${r.action} ${r.rule.id} ${r.rule.name}: ${effectOf(r.rule.effect)}`)
              .join('\n'),
          );
          return 0;
        });
      }
      case 'delete': {
        const slug = requireString(values.org, '--org');
        const ruleId = needArg('<ruleId>');
        return withStore(async ({ services }) => {
          const org = await services.organisations.requireBySlug(slug);
          const rule = await services.triageRules.delete(org.id, SYSTEM_ACTOR, ruleId);
          emit(io, values.json, rule, `Deleted ${rule.id} ${rule.name}: ${effectOf(rule.effect)}`);
          return 0;
        });
      }
      default:
        throw new UsageError(`unknown action '${action ?? ''}'`);
    }
  },
};
