/** The `bulwark` command line: the command table, top-level help and --version. */
import { VERSION } from '../version.ts';
import { assetCommand } from './asset.commands.ts';
import { processIo, runCommand, type Command, type CommandIo } from './cli-kit.ts';
import { evidenceCommand, soaCommand } from './evidence.commands.ts';
import { demoCommand, importCommand } from './governance.commands.ts';
import { mcpCommand } from './mcp.command.ts';
import { licenseGroupCommand, policyCommand } from './policy.commands.ts';
import { scanCommand } from './scan.command.ts';
import { migrateCommand, serveCommand } from './system.commands.ts';
import { orgCommand, tokenCommand, userCommand } from './tenancy.commands.ts';
import { teamCommand } from './team.commands.ts';
import { vulndbCommand } from './vulndb.commands.ts';
import { webhookCommand } from './webhook.commands.ts';
import { triageRuleCommand } from './triage-rule.commands.ts';

/**
 * Command groups, one file each; `bulwark <group> …`. Every start loads all of them, so a group imports what only
 * it needs (the server, the tool server and the MCP SDK) inside its `run`: `bulwark org …` loads 1,198 modules
 * instead of 2,180.
 */
export const COMMANDS: Record<string, Command> = {
  serve: serveCommand,
  migrate: migrateCommand,
  org: orgCommand,
  user: userCommand,
  token: tokenCommand,
  team: teamCommand,
  mcp: mcpCommand,
  vulndb: vulndbCommand,
  import: importCommand,
  demo: demoCommand,
  evidence: evidenceCommand,
  soa: soaCommand,
  scan: scanCommand,
  webhook: webhookCommand,
  policy: policyCommand,
  'license-group': licenseGroupCommand,
  'triage-rule': triageRuleCommand,
  asset: assetCommand,
};

function help(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `Bulwark: SBOMs, vulnerability findings, vendors and governance tools.\n\nUsage: bulwark <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun 'bulwark <command> --help' for a command's options ('bulwark --version' for the version). Every command reads DATABASE_URL like the server.`;
}

export async function main(argv: string[], io: CommandIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-V' || name === 'version') {
    io.out(`bulwark ${VERSION}`);
    return 0;
  }
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(help());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`error: unknown command '${name}'\n\n${help()}`);
    return 2;
  }
  return runCommand(name, command, rest, io);
}
