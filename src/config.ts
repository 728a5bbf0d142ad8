/** The process environment as one zod schema, parsed once at start-up. */
import { z } from 'zod';
import { parseDuration } from './shared/time.ts';

/** A duration variable (`6h`, `30m`…) in milliseconds; unset takes `fallback`, `0` or empty is 0 (off). */
function interval(fallback: string | undefined) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      const text = (v ?? fallback ?? '').trim();
      if (text === '' || text === '0') return 0;
      const ms = parseDuration(text);
      if (ms === undefined) {
        ctx.addIssue({ code: 'custom', message: "expected a duration such as '6h', '30m' or '0'" });
        return z.NEVER;
      }
      return ms;
    });
}

/** The process environment, parsed once at start-up and passed down (never read elsewhere). */
const ConfigSchema = z.object({
  DATABASE_URL: z.string().min(1).optional(),
  REDIS_URL: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(52_428_800),
  MAX_COMPONENTS: z.coerce.number().int().positive().default(500_000),
  /** Uploads and scans of 4 MiB or more (or of undeclared length) in progress at once per instance. */
  MAX_CONCURRENT_LARGE_UPLOADS: z.coerce.number().int().positive().default(2),
  /** Findings one SBOM may produce at upload (docs/resilience.md): past it, 413 TOO_MANY_FINDINGS. */
  MAX_FINDINGS_PER_SBOM: z.coerce.number().int().positive().default(100_000),
  BODY_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** A request body not whole this long after the request began → 408 (a trickle resets the idle timeout). */
  BODY_DEADLINE_MS: z.coerce.number().int().positive().default(600_000),
  DATA_DIR: z.string().min(1).default('./data'),
  // Vulnerability data (docs/vulndb-sync.md): nothing is fetched unless a sync is run or scheduled.
  OSV_SOURCE: z.string().min(1).optional(),
  OSV_ECOSYSTEMS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ?.split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    ),
  KEV_SOURCE: z.string().min(1).optional(),
  EPSS_SOURCE: z.string().min(1).optional(),
  /** `6h`, `30m`…; unset or `0`: no scheduled sync. Parsed to milliseconds (0 = off). */
  VULNDB_SYNC_INTERVAL: interval(undefined),
  /** How often the evidence collectors run (docs/compliance.md); `0`: only on demand. Evidence stays valid for
   * two intervals (with `0`, two days). */
  EVIDENCE_INTERVAL: interval('24h'),
  // Webhooks (docs/events.md): private targets are refused unless explicitly allowed.
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  WEBHOOK_POLL_MS: z.coerce.number().int().positive().default(200),
  /** Days an event and its delivery log are kept once no delivery of it is pending (docs/events.md). */
  EVENT_RETENTION_DAYS: z.coerce.number().int().positive().default(90),
  /**
   * The origin(s) people and assistants reach Bulwark at, comma-separated: the dedicated API host first, the apex
   * host after. The first is the OAuth issuer; metadata and the tool server's Origin check follow the listed host
   * a request came to (docs/mcp-oauth.md).
   */
  PUBLIC_URL: z
    .string()
    .default('http://127.0.0.1:8080')
    .transform((v, ctx) => originList(v, 'PUBLIC_URL', ctx, true)),
  /** Further browser origins allowed to call /api/v1/mcp (DNS-rebinding protection), comma-separated. */
  MCP_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => originList(v, 'MCP_ALLOWED_ORIGINS', ctx, false)),
});

/** `http(s)://host[:port]` values, comma-separated, reduced to their origins (no path, no trailing slash). */
function originList(value: string, name: string, ctx: z.RefinementCtx, required: boolean): string[] {
  const origins: string[] = [];
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(part);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      ctx.addIssue({ code: 'custom', message: `${name}: '${part}' is not an http(s) URL` });
      return [];
    }
    origins.push(url.origin);
  }
  if (required && origins.length === 0) ctx.addIssue({ code: 'custom', message: `${name} is empty` });
  return origins;
}

export type Config = z.infer<typeof ConfigSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}

/** Defaults for tests and embedded callers: the same schema, no environment. */
export function defaultConfig(overrides: Partial<Config> = {}): Config {
  return { ...ConfigSchema.parse({}), ...overrides };
}
