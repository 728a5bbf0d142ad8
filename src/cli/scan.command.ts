// `bulwark scan <file>`: the CI gate. Matches a file against a server (--server / BULWARK_URL, BULWARK_TOKEN) or
// the local store, prints the report, exits 0 (nothing at or above --fail-on), 1 (something is) or 2 (usage or
// file errors). docs/pipeline.md "Scan".
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { AppError } from '../errors.ts';
import { coverageWarnings, plural, reportTable, uncheckedComponents } from '../pipeline/report-table.ts';
import type { Coverage, ScanResult } from '../pipeline/scan.service.ts';
import {
  findingsFailing,
  parseFailOn,
  UNRATED,
  violationsFailing,
  type Unrated,
} from '../pipeline/threshold.ts';
import { planTable } from '../remediation/plan-table.ts';
import { withUpgrades } from '../pipeline/report-model.ts';
import { cliEnv, parse, UsageError, type Command } from './cli-kit.ts';

const FORMATS = ['table', 'json', 'sarif', 'cyclonedx', 'openvex'] as const;
type Format = (typeof FORMATS)[number];

const usage = `Usage: bulwark scan <file|-> [--fail-on critical|high|medium|low|kev|policy|none[,…]] [--format table|json|sarif|cyclonedx|openvex]
                    [--output F] [--server URL] [--asset N] [--json] [--allow-unchecked] [--remediation]
                    [--unrated fail|ignore|as-medium]

Matches an SBOM file (- reads stdin) without storing it, against the server named by --server or BULWARK_URL
(token from BULWARK_TOKEN), else the local store (DATABASE_URL). The report goes to stdout (or --output),
progress and errors to stderr. With --asset, triage recorded on that asset applies (false_positive and
accepted_risk never fail a build), and so do the organisation's triage rules. Findings whose advisories publish no
score are shown as UNRATED; --unrated fail fails on any open one whatever --fail-on says, ignore never counts them,
as-medium (the default) counts them as MEDIUM. --fail-on policy fails on an open violation in state fail of the
organisation's policies; it combines with a severity: --fail-on high,policy. --json is --format json. A local
store must exist (it is never created). When no component could be checked (no purl, or no advisories for its
ecosystem) the scan exits 2 unless --allow-unchecked (or the gate is --fail-on policy alone): a gate that
checked nothing must not pass. --remediation
adds the upgrade plan of the open findings (the table after the findings, JSON data.remediation, SARIF results'
upgradeTo; docs/remediation.md).
Exit codes: 0 nothing at or above --fail-on (default none), 1 something is, 2 usage, file or store errors, or
nothing checked.`;

function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  flag: string,
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`${flag} must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** Exit 2 for every failure to scan: a CI job must never read "could not scan" as "found something". */
class ScanFailure extends Error {}

export const scanCommand: Command = {
  summary: 'match an SBOM file against the advisories without storing it (a CI gate)',
  usage,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      'fail-on': { type: 'string' },
      format: { type: 'string' },
      output: { type: 'string', short: 'o' },
      server: { type: 'string' },
      asset: { type: 'string' },
      json: { type: 'boolean' },
      'allow-unchecked': { type: 'boolean' },
      remediation: { type: 'boolean' },
      unrated: { type: 'string' },
    });
    if (positionals.length !== 1) throw new UsageError('exactly one SBOM file (or -) is required');
    const failOnText = values['fail-on'] ?? 'none';
    const failOn = parseFailOn(failOnText);
    if (failOn === null)
      throw new UsageError(
        '--fail-on must be one of critical, high, medium, low, kev, none, or policy (combined with commas: high,policy)',
      );
    if (values.json && values.format !== undefined && values.format !== 'json')
      throw new UsageError(`--json and --format ${values.format} ask for different reports`);
    const format = values.json ? 'json' : oneOf<Format>(values.format, FORMATS, '--format', 'table');
    const unrated = oneOf<Unrated>(values.unrated, UNRATED, '--unrated', 'as-medium');
    const path = positionals[0]!;
    try {
      const file = { fileName: path === '-' ? '-' : basename(path), bytes: readInput(path) };
      const server = values.server ?? (cliEnv().BULWARK_URL || undefined);
      io.err(`Scanning ${path === '-' ? 'stdin' : path} against ${server ? server : 'the local store'}…`);
      const remediation = values.remediation === true;
      const { data, coverage } = server
        ? await scanRemote(server, file, values.asset, remediation)
        : await scanLocal(file, values.asset, remediation);
      for (const warning of coverageWarnings(coverage, data.componentCount)) io.err(warning);
      const report = await render(format, data, file.fileName, !values.output && isColourTerminal());
      if (values.output) writeOutput(values.output, report);
      else io.out(report);
      const failing = findingsFailing(data.findings, failOn, unrated);
      const violating = violationsFailing(data.violations ?? [], failOn);
      const unratedOpen = data.findings.filter(
        (f) => f.severitySource === 'default' && f.status === 'open',
      ).length;
      io.err(
        failOn.levels.length === 0 && !failOn.policy && unrated !== 'fail'
          ? `${plural(data.findings.length, 'finding')} (not failing: --fail-on none)`
          : `${failing.length} of ${plural(data.findings.length, 'finding')} at or above --fail-on ${failOnText}` +
              (unratedOpen > 0 ? ` (${unratedOpen} open unrated, --unrated ${unrated})` : '') +
              (failOn.policy
                ? `; ${violating.length} open fail violations of ${(data.violations ?? []).length}`
                : ''),
      );
      if (failing.length > 0 || violating.length > 0) return 1;
      // Zero findings of zero components checked is no evidence: the gate says so rather than passing. A gate on
      // policies alone (--fail-on policy) did check every component, against the policies.
      const unchecked = uncheckedComponents(data.componentCount, coverage);
      const policyOnly = failOn.policy && failOn.levels.length === 0;
      if (unchecked === data.componentCount && !policyOnly && !values['allow-unchecked']) {
        io.err(
          `error: no component could be checked (${plural(data.componentCount, 'component')}: no purl, or no advisories for its ecosystem); pass --allow-unchecked to accept that`,
        );
        return 2;
      }
      return 0;
    } catch (error) {
      if (error instanceof ScanFailure) {
        io.err(`error: ${error.message}`);
        return 2;
      }
      if (error instanceof AppError) {
        io.err(`error: ${error.message}`);
        return 2;
      }
      throw error;
    }
  },
};

const isColourTerminal = () => process.stdout.isTTY === true && !cliEnv().NO_COLOR;

function writeOutput(path: string, report: string): void {
  try {
    writeFileSync(path, report);
  } catch (error) {
    throw new ScanFailure(
      `cannot write --output ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}

function readInput(path: string): Uint8Array {
  try {
    return readFileSync(path === '-' ? 0 : path);
  } catch (error) {
    throw new ScanFailure(
      `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}

async function render(format: Format, data: ScanResult, fileName: string, colour: boolean): Promise<string> {
  if (format === 'table')
    return data.remediation
      ? `${reportTable(data, colour)}\n\n${planTable(data.remediation)}`
      : reportTable(data, colour);
  if (format === 'json') return JSON.stringify(data);
  // The exchange formats (and the CycloneDX library) load only when asked for: a CI gate starts faster.
  const { cyclonedxVexText, openvexText, sarifText } = await import('../pipeline/export/render.ts');
  if (format === 'sarif')
    return sarifText(fileName, withUpgrades(data.findings, data.remediation), data.violations ?? []);
  if (format === 'cyclonedx') return cyclonedxVexText({ name: fileName, version: null }, data.findings);
  return openvexText(data.findings);
}

type Scanned = { data: ScanResult; coverage: Coverage[] };

/**
 * The local store, opened like every command does (DATABASE_URL, migrations), but with only the scan's own
 * modules loaded: not the server, the tool server or the other services (the gate's start time is its budget).
 */
async function scanLocal(
  file: { fileName: string; bytes: Uint8Array },
  asset: string | undefined,
  remediation: boolean,
): Promise<Scanned> {
  const [{ loadConfig }, { openStore, sqlitePathOf }, { migrateToLatest }, { ScanService }] =
    await Promise.all([
      import('../config.ts'),
      import('../db/connect.ts'),
      import('../db/migrate.ts'),
      import('../pipeline/scan.service.ts'),
    ]);
  const config = loadConfig(cliEnv());
  // A CI job that forgot BULWARK_URL must not scan an empty store it just created (and pass).
  const sqlitePath = sqlitePathOf(config.DATABASE_URL, config.DATA_DIR);
  if (sqlitePath !== undefined && !existsSync(sqlitePath))
    throw new ScanFailure(
      `no store to scan against: ${sqlitePath} does not exist (set BULWARK_URL or --server, with BULWARK_TOKEN, to scan against a server, or DATABASE_URL to a store holding advisories)`,
    );
  const store = openStore(config.DATABASE_URL, config.DATA_DIR);
  try {
    await migrateToLatest(store.db);
    let orgId: string | null = null;
    let reach: ReadonlySet<string> | null = null;
    // The organisation's policies apply to every scan, its triage with --asset.
    {
      // The token names the organisation; without one, the organisation `bulwark serve` creates.
      const { TokenService } = await import('../tenancy/token.service.ts');
      const { OrganisationService } = await import('../tenancy/organisation.service.ts');
      const { ReachService } = await import('../portfolio/reach.ts');
      const tokens = new TokenService(store.db, store.changeStamp);
      // A restricted token (docs/portfolio-access.md) names only assets it reaches, as against a server.
      tokens.useReach(new ReachService(store.db).resolve);
      const token = cliEnv().BULWARK_TOKEN;
      const principal = token ? await tokens.authenticate(token) : undefined;
      if (token && !principal && asset !== undefined)
        throw new ScanFailure('BULWARK_TOKEN is not a valid token of this store');
      orgId = principal?.orgId ?? (await new OrganisationService(store.db).findBySlug('default'))?.id ?? null;
      reach = principal?.reach ?? null;
      if (orgId === null && asset !== undefined)
        throw new ScanFailure(
          '--asset needs an organisation: set BULWARK_TOKEN (the local store has no "default")',
        );
    }
    return await new ScanService(store.db).scan(orgId, file, { assetName: asset, remediation, reach });
  } finally {
    await store.close();
  }
}

async function scanRemote(
  server: string,
  file: { fileName: string; bytes: Uint8Array },
  asset: string | undefined,
  remediation: boolean,
): Promise<Scanned> {
  const token = cliEnv().BULWARK_TOKEN;
  if (!token)
    throw new ScanFailure('BULWARK_TOKEN must hold an API token with sbom:read to scan against a server');
  const base = server.replace(/\/+$/, '');
  const url = `${base.endsWith('/api/v1') ? base : `${base}/api/v1`}/sscs/scan${remediation ? '?remediation=true' : ''}`;
  const form = new FormData();
  form.append('file', new Blob([file.bytes]), file.fileName);
  if (asset !== undefined) form.append('assetName', asset);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
  } catch (error) {
    throw new ScanFailure(`cannot reach ${url}: ${(error as Error).cause ?? (error as Error).message}`);
  }
  const body = (await response.json().catch(() => null)) as {
    data: ScanResult | null;
    error: { code: string; message: string } | null;
    meta: { coverage: Coverage[] } | null;
  } | null;
  if (!response.ok || !body?.data)
    throw new ScanFailure(
      body?.error
        ? `${body.error.code}: ${body.error.message}`
        : `the server answered HTTP ${response.status}`,
    );
  return { data: body.data, coverage: body.meta?.coverage ?? [] };
}
