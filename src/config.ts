import { z } from 'zod';

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
  BODY_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  DATA_DIR: z.string().min(1).default('./data'),
});

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
