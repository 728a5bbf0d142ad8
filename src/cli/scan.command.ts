// `bulwark scan <file>`: the CI gate. Matches a file against a server (--server / BULWARK_URL, BULWARK_TOKEN) or
// the local store, prints the report, exits 0 (nothing at or above --fail-on), 1 (something is) or 2 (usage or
// file errors). docs/pipeline.md "Scan".
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { AppError } from '../errors.ts';
import { coverageWarnings, reportTable } from '../pipeline/report-table.ts';
import type { Coverage, ScanResult } from '../pipeline/scan.service.ts';
import { FAIL_ON, findingsAtThreshold, UNRATED, type FailOn, type Unrated } from '../pipeline/threshold.ts';
import { parse, UsageError, type Command } from './cli-kit.ts';

const FORMATS = ['table', 'json', 'sarif', 'cyclonedx', 'openvex'] as const;
type Format = (typeof FORMATS)[number];

const usage = `Usage: bulwark scan <file|-> [--fail-on critical|high|medium|low|kev|none] [--format table|json|sarif|cyclonedx|openvex]
                    [--output F] [--server URL] [--asset N] [--unrated fail|ignore|as-medium]

Matches an SBOM file (- reads stdin) without storing it, against the server named by --server or BULWARK_URL
(token from BULWARK_TOKEN), else the local store (DATABASE_URL). The report goes to stdout (or --output),
progress and errors to stderr. With --asset, triage recorded on that asset applies (false_positive and
accepted_risk never fail a build), and so do the organisation's triage rules. Findings whose advisories publish no
score are shown as UNRATED; --unrated fail fails on any open one whatever --fail-on says, ignore never counts them,
as-medium (the default) counts them as MEDIUM.
Exit codes: 0 nothing at or above --fail-on (default none), 1 something is, 2 usage or file errors.`;

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
      unrated: { type: 'string' },
    });
    if (positionals.length !== 1) throw new UsageError('exactly one SBOM file (or -) is required');
    const failOn = oneOf<FailOn>(values['fail-on'], FAIL_ON, '--fail-on', 'none');
    const format = oneOf<Format>(values.format, FORMATS, '--format', 'table');
    const unrated = oneOf<Unrated>(values.unrated, UNRATED, '--unrated', 'as-medium');
    const path = positionals[0]!;
    try {
      const file = { fileName: path === '-' ? '-' : basename(path), bytes: readInput(path) };
      const server = values.server ?? process.env.BULWARK_URL;
      io.err(`Scanning ${path === '-' ? 'stdin' : path} against ${server ? server : 'the local store'}…`);
      const { data, coverage } = server
        ? await scanRemote(server, file, values.asset)
        : await scanLocal(file, values.asset);
      for (const warning of coverageWarnings(coverage)) io.err(warning);
      const report = await render(format, data, file.fileName, !values.output && isColourTerminal());
      if (values.output) writeFileSync(values.output, report);
      else io.out(report);
      const failing = findingsAtThreshold(data.findings, failOn, unrated);
      const unratedOpen = data.findings.filter(
        (f) => f.severitySource === 'default' && f.status === 'open',
      ).length;
      io.err(
        failOn === 'none' && unrated !== 'fail'
          ? `${data.findings.length} findings (not failing: --fail-on none)`
          : `${failing.length} of ${data.findings.length} findings at or above --fail-on ${failOn}` +
              (unratedOpen > 0 ? ` (${unratedOpen} open unrated, --unrated ${unrated})` : ''),
      );
      return failing.length > 0 ? 1 : 0;
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

const isColourTerminal = () => process.stdout.isTTY === true && !process.env.NO_COLOR;

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
  if (format === 'table') return reportTable(data, colour);
  if (format === 'json') return JSON.stringify(data);
  // The exchange formats (and the CycloneDX library) load only when asked for: a CI gate starts faster.
  const { cyclonedxVexText, openvexText, sarifText } = await import('../pipeline/export/render.ts');
  if (format === 'sarif') return sarifText(fileName, data.findings);
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
): Promise<Scanned> {
  const [{ loadConfig }, { openStore }, { migrateToLatest }, { ScanService }] = await Promise.all([
    import('../config.ts'),
    import('../db/connect.ts'),
    import('../db/migrate.ts'),
    import('../pipeline/scan.service.ts'),
  ]);
  const config = loadConfig();
  const store = openStore(config.DATABASE_URL, config.DATA_DIR);
  try {
    await migrateToLatest(store.db);
    let orgId: string | null = null;
    if (asset !== undefined) {
      // The token names the organisation; without one, the organisation `bulwark serve` creates.
      const { TenancyService } = await import('../tenancy/tenancy.service.ts');
      const tenancy = new TenancyService(store.db, store.changeStamp);
      const token = process.env.BULWARK_TOKEN;
      const principal = token ? await tenancy.authenticate(token) : undefined;
      if (token && !principal) throw new ScanFailure('BULWARK_TOKEN is not a valid token of this store');
      orgId = principal?.orgId ?? (await tenancy.findOrganization('default'))?.id ?? null;
      if (orgId === null)
        throw new ScanFailure(
          '--asset needs an organisation: set BULWARK_TOKEN (the local store has no "default")',
        );
    }
    return await new ScanService(store.db).scan(orgId, file, { assetName: asset });
  } finally {
    await store.close();
  }
}

async function scanRemote(
  server: string,
  file: { fileName: string; bytes: Uint8Array },
  asset: string | undefined,
): Promise<Scanned> {
  const token = process.env.BULWARK_TOKEN;
  if (!token)
    throw new ScanFailure('BULWARK_TOKEN must hold an API token with sbom:read to scan against a server');
  const base = server.replace(/\/+$/, '');
  const url = `${base.endsWith('/api/v1') ? base : `${base}/api/v1`}/sscs/scan`;
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
