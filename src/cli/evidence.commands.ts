/** `bulwark evidence …` (collect now, the vulnerability SLAs) and `bulwark soa export` (docs/compliance.md). */
import { writeFile } from 'node:fs/promises';
import type { CollectionRun } from '../compliance/compliance.service.ts';
import { soaCsv } from '../compliance/soa.ts';
import { emit, parse, requireString, UsageError, type Command } from './cli-kit.ts';
import { withStore } from './context.ts';

function runLines(slug: string, run: CollectionRun): string {
  const lines = [
    `Evidence collected for ${slug}: ${run.passed} passed, ${run.failed} failed` +
      (run.projectId ? ` (project ${run.projectId}, valid until ${run.validUntil})` : ''),
  ];
  for (const r of run.results) {
    lines.push(`  ${r.passed ? 'PASS' : 'FAIL'}  ${r.title.padEnd(26)} ${r.controls.join(', ')}`);
    for (const reason of r.reasons) lines.push(`        ${reason}`);
  }
  if (!run.projectId) lines.push('No active ISO 27001 project: nothing was recorded as evidence.');
  return lines.join('\n');
}

const positiveDays = (value: string | undefined, flag: string): number => {
  const n = Number(requireString(value, flag));
  if (!Number.isInteger(n)) throw new UsageError(`${flag} must be a whole number of days`);
  return n;
};

export const evidenceCommand: Command = {
  summary: 'collect ISO 27001 evidence from the workspace now; set the vulnerability SLAs',
  usage: `Usage:
  bulwark evidence collect --org <slug> [--json]
  bulwark evidence sla --org <slug> [--critical-days N --high-days N] [--json]

collect runs every evidence collector (docs/compliance.md) and writes its evidence into the organisation's active
ISO 27001 project; the exit code is 0 whether rules pass or fail (the answer says which).
sla shows, or with both days sets, how long an open CRITICAL or HIGH finding may stay open (defaults 15 and 30).`,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      org: { type: 'string' },
      'critical-days': { type: 'string' },
      'high-days': { type: 'string' },
      json: { type: 'boolean' },
    });
    const action = positionals[0];
    if (action !== 'collect' && action !== 'sla') throw new UsageError('give an action: collect or sla');
    if (positionals.length > 1) throw new UsageError(`unexpected argument ${positionals[1]}`);
    const slug = requireString(values.org, '--org');
    return withStore(async ({ services }) => {
      const org = await services.organisations.requireBySlug(slug);
      if (action === 'collect') {
        const run = await services.compliance.collect(org.id);
        emit(io, values.json, { org: slug, ...run }, runLines(slug, run));
        return 0;
      }
      const setting = values['critical-days'] !== undefined || values['high-days'] !== undefined;
      const sla = setting
        ? await services.compliance.setSlaSettings(org.id, {
            criticalDays: positiveDays(values['critical-days'], '--critical-days'),
            highDays: positiveDays(values['high-days'], '--high-days'),
          })
        : await services.compliance.slaSettings(org.id);
      emit(
        io,
        values.json,
        { org: slug, vulnerabilitySlaDays: sla },
        `${slug}: CRITICAL findings within ${sla.criticalDays} days, HIGH within ${sla.highDays} days`,
      );
      return 0;
    });
  },
};

export const soaCommand: Command = {
  summary: 'export the Statement of Applicability with its evidence',
  usage: `Usage:
  bulwark soa export --org <slug> [--project <iso_…>] [--format json|csv] [--output FILE]

Every Annex A control of the project (default: the active one) with its applicability, justification, status,
evidence coverage and the evidence items behind it. Without --output the file goes to standard output.`,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      org: { type: 'string' },
      project: { type: 'string' },
      format: { type: 'string' },
      output: { type: 'string' },
    });
    if (positionals[0] !== 'export' || positionals.length > 1) throw new UsageError('the action is export');
    const slug = requireString(values.org, '--org');
    const format = values.format ?? 'json';
    if (format !== 'json' && format !== 'csv') throw new UsageError('--format must be json or csv');
    return withStore(async ({ services }) => {
      const org = await services.organisations.requireBySlug(slug);
      const soa = await services.compliance.statementOfApplicability(org.id, values.project);
      const text = format === 'csv' ? soaCsv(soa) : `${JSON.stringify(soa, null, 2)}\n`;
      if (values.output === undefined) {
        io.out(text.replace(/\r?\n$/, ''));
        return 0;
      }
      try {
        await writeFile(values.output, text);
      } catch (error) {
        throw new UsageError(
          `cannot write ${values.output}: ${(error as NodeJS.ErrnoException).code ?? error}`,
        );
      }
      io.err(
        `Wrote the Statement of Applicability of ${soa.project} (${soa.controls.length} controls) to ${values.output}`,
      );
      return 0;
    });
  },
};
