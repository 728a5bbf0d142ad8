/** `bulwark import` (governance bundles and CSV) and `bulwark demo` (the deterministic demo organisation). */
import { readFile } from 'node:fs/promises';
import { DEMO_LIMITS } from '../governance/demo/demo.service.ts';
import { CSV_COLUMNS, type CsvKind } from '../governance/import/csv.ts';
import type { ImportSummary } from '../governance/import/import.service.ts';
import { validationFailed } from '../errors.ts';
import { emit, parse, requireString, UsageError, type Command } from './cli-kit.ts';
import { withStore } from './context.ts';

const sectionLines = (sections: ImportSummary['sections']) =>
  Object.entries(sections).map(
    ([name, s]) =>
      `  ${name.padEnd(20)} ${s.created} created, ${s.updated} updated, ${s.unchanged} unchanged`,
  );

export const importCommand: Command = {
  summary: 'import governance data (JSON bundle, or CSV identities/accounts)',
  usage: `Usage:
  bulwark import <bundle.json> --org <slug> [--json]
  bulwark import --csv <file.csv> --kind identities|accounts --org <slug> [--json]

The bundle follows schemas/governance-bundle.schema.json (see docs/governance-tools.md). Rows are matched by
external id, so importing the same file again changes nothing; the whole file is written in one transaction.
CSV columns: identities: ${Object.keys(CSV_COLUMNS.identities).join(', ')}
             accounts: ${Object.keys(CSV_COLUMNS.accounts).join(', ')}`,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      org: { type: 'string' },
      csv: { type: 'string' },
      kind: { type: 'string' },
      json: { type: 'boolean' },
    });
    const slug = requireString(values.org, '--org');
    if (values.csv !== undefined && positionals.length > 0)
      throw new UsageError('give either <bundle.json> or --csv, not both');
    if (values.csv === undefined && positionals.length !== 1)
      throw new UsageError('exactly one <bundle.json> is required (or --csv <file>)');
    if (values.csv !== undefined && values.kind !== 'identities' && values.kind !== 'accounts')
      throw new UsageError('--kind must be identities or accounts with --csv');
    const file = values.csv ?? positionals[0]!;
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(`cannot read ${file}: ${error.code ?? error.message}`);
    });
    return withStore(async ({ services }) => {
      const org = await services.organisations.requireBySlug(slug);
      const actor = (await services.users.list(org.id))[0]?.id ?? 'system';
      let summary: ImportSummary;
      if (values.csv !== undefined)
        summary = await services.governanceData.importCsv(org.id, actor, values.kind as CsvKind, text);
      else {
        let bundle: unknown;
        try {
          bundle = JSON.parse(text);
        } catch (error) {
          throw validationFailed(`${file} is not valid JSON: ${(error as Error).message}`);
        }
        summary = await services.governanceData.importBundle(org.id, actor, bundle);
      }
      emit(
        io,
        values.json,
        { org: slug, ...summary },
        [
          `Imported into ${slug}:`,
          ...sectionLines(summary.sections),
          ...(summary.settingsChanged ? ['  settings updated'] : []),
        ].join('\n'),
      );
      return 0;
    });
  },
};

export const demoCommand: Command = {
  summary: 'generate a realistic demo organisation with governance data',
  usage: `Usage:
  bulwark demo --org <slug> [--identities N] [--seed S] [--as-of ISO-TIME] [--json]

Creates the organisation (plan professional, one user) if missing and fills it with a deterministic, realistic
organisation: departments and managers, joiners, movers and leavers, accounts on ten systems, privileged roles,
stale and orphaned accounts, offboarding misses, review campaigns, an ISO 27001 project, evidence, maturity
history, vendors and risks. N: ${DEMO_LIMITS.minIdentities}–${DEMO_LIMITS.maxIdentities} (default 500); S default 1. The same N, S and reference
time (default: today 00:00 UTC) always produce the same data, and re-running changes nothing.`,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      org: { type: 'string' },
      identities: { type: 'string' },
      seed: { type: 'string' },
      'as-of': { type: 'string' },
      json: { type: 'boolean' },
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    const slug = requireString(values.org, '--org');
    const identities = Number(values.identities ?? 500);
    if (
      !Number.isInteger(identities) ||
      identities < DEMO_LIMITS.minIdentities ||
      identities > DEMO_LIMITS.maxIdentities
    ) {
      throw new UsageError(
        `--identities must be an integer from ${DEMO_LIMITS.minIdentities} to ${DEMO_LIMITS.maxIdentities}`,
      );
    }
    const seed = Number(values.seed ?? 1);
    if (!Number.isInteger(seed) || seed < 0) throw new UsageError('--seed must be a non-negative integer');
    const asOf = values['as-of'];
    if (asOf !== undefined && Number.isNaN(Date.parse(asOf)))
      throw new UsageError('--as-of must be an ISO 8601 time');
    const started = performance.now();
    return withStore(async ({ services }) => {
      const result = await services.governanceData.runDemo(slug, {
        identities,
        seed,
        ...(asOf ? { asOf } : {}),
      });
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      emit(
        io,
        values.json,
        { ...result, seconds },
        [
          `${result.org.created ? 'Created' : 'Updated'} demo organisation ${slug} (${result.org.id}): ${identities} identities, seed ${seed}, as of ${result.asOf} in ${seconds} s`,
          ...sectionLines(result.import),
          `  vendors created: ${result.vendorsCreated}, risks created: ${result.risksCreated}`,
          `  SBOMs uploaded: ${result.supplyChain.sbomsCreated}, policies created: ${result.supplyChain.policiesCreated}`,
        ].join('\n'),
      );
      return 0;
    });
  },
};
