/** What every CLI command shares: argument parsing, output, help and how failures become exit codes. */
import { AsyncLocalStorage } from 'node:async_hooks';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { AppError } from '../errors.ts';

/** A usage mistake: printed with the command's help, exit code 2. */
export class UsageError extends Error {}

/** A file or argument the command cannot use (a path that is not there): one line, exit code 2. */
export class InputError extends Error {}

/** An option the command does not know: one line naming it (no help dump), exit code 2. */
export class UnknownOptionError extends UsageError {}

export interface CommandIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** All of standard input (`--password-stdin`). */
  readStdin?: () => Promise<string>;
  /** The environment the command reads (DATABASE_URL, BULWARK_TOKEN…); the process's when absent. */
  env?: NodeJS.ProcessEnv;
}

// The environment of the command running: tests run `main(argv, io)` in process with an `io.env` of their own
// (a spawned `bulwark` costs Node's start-up, more than half the suite's time), so commands never read
// process.env directly but `cliEnv()`.
const commandEnv = new AsyncLocalStorage<NodeJS.ProcessEnv>();

/** The environment of the command being run: its `io.env`, else the process's. */
export function cliEnv(): NodeJS.ProcessEnv {
  return commandEnv.getStore() ?? process.env;
}

async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export const processIo: CommandIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  readStdin: readProcessStdin,
};

/**
 * A secret piped on standard input (`printf %s "$PW" | bulwark … --password-stdin`): one trailing newline is
 * dropped, as `echo` adds one; nothing else is trimmed, since spaces may belong to a passphrase.
 */
export async function readSecretFromStdin(io: CommandIo): Promise<string> {
  const text = await (io.readStdin ?? readProcessStdin)();
  return text.replace(/\r?\n$/, '');
}

export interface Command {
  /** One line for the command list. */
  summary: string;
  usage: string;
  run(argv: string[], io: CommandIo): Promise<number>;
}

export function parse<T extends ParseArgsOptionsConfig>(argv: string[], options: T, allowPositionals = true) {
  try {
    return parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals,
      strict: true,
      allowNegative: true,
    });
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const option = /'([^']+)'/.exec(message)?.[1] ?? message;
      throw new UnknownOptionError(`Unknown option '${option}'`);
    }
    throw new UsageError(message);
  }
}

/**
 * The usage lines of one action (`bulwark token create …` and its continuation lines), or the whole usage
 * when the group has no such action.
 */
export function actionUsage(usage: string, group: string, action: string | undefined): string {
  if (!action || action.startsWith('-')) return usage;
  const lines = usage.split('\n');
  const start = lines.findIndex(
    (l) =>
      l.trimStart().startsWith(`bulwark ${group} ${action} `) || l.trim() === `bulwark ${group} ${action}`,
  );
  if (start < 0) return usage;
  let end = start + 1;
  while (
    end < lines.length &&
    /^\s{3,}\S/.test(lines[end]!) &&
    !lines[end]!.trimStart().startsWith('bulwark ')
  )
    end++;
  return ['Usage:', ...lines.slice(start, end)].join('\n');
}

/** `--json` prints exactly one JSON object on stdout; otherwise a short human line. */
export function emit(io: CommandIo, json: boolean | undefined, value: unknown, human: string): void {
  io.out(json ? JSON.stringify(value) : human);
}

/** Runs a command, mapping known failures to messages and exit codes (2 usage, 1 failure). */
export async function runCommand(
  name: string,
  command: Command,
  argv: string[],
  io: CommandIo,
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(actionUsage(command.usage, name, argv[0]));
    return 0;
  }
  try {
    return await commandEnv.run(io.env ?? process.env, () => command.run(argv, io));
  } catch (error) {
    if (error instanceof UnknownOptionError) {
      const action =
        argv[0] && !argv[0].startsWith('-') && actionUsage(command.usage, name, argv[0]) !== command.usage
          ? ` ${argv[0]}`
          : '';
      io.err(`error: ${error.message}; see 'bulwark ${name}${action} --help'`);
      return 2;
    }
    if (error instanceof InputError) {
      io.err(`error: ${error.message}`);
      return 2;
    }
    if (error instanceof UsageError) {
      io.err(`error: ${error.message}\n\n${actionUsage(command.usage, name, argv[0])}`);
      return 2;
    }
    if (error instanceof AppError) {
      io.err(
        `error: ${error.message}${error.details ? `\n${error.details.map((d) => `  ${d.path}: ${d.message}`).join('\n')}` : ''}`,
      );
      return error.status === 400 ? 2 : 1;
    }
    // An operator's terminal may see the driver's own words (never shown to API callers).
    let root: unknown = error;
    while (root instanceof Error && root.cause instanceof Error) root = root.cause;
    const detail = root !== error && root instanceof Error ? `: ${root.message}` : '';
    io.err(`error: ${(error as Error).message}${detail}`);
    return 1;
  }
}

export function requireString(value: unknown, flag: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`${flag} is required`);
  return value;
}

/** A comma-separated flag value (`--scopes a,b`, `--asset-tags a,b`), trimmed, empty items dropped. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
