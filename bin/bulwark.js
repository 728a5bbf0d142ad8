#!/usr/bin/env node
// The `bulwark` command. Bulwark runs its TypeScript sources directly (Node's type stripping, Node >= 22.18).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(
    `bulwark needs Node.js >= 22.18 (24 LTS recommended); this is ${process.version}.\n` +
      'Run it through scripts/with-node.sh, which provides Node 24: scripts/with-node.sh node bin/bulwark.js …',
  );
  process.exit(1);
}
// Compiled (and type-stripped) modules are cached on disk between runs: a CLI started again and again (a CI gate)
// does not compile its sources every time. BULWARK_COMPILE_CACHE=0 turns it off.
if (process.env.BULWARK_COMPILE_CACHE !== '0') (await import('node:module')).enableCompileCache?.();
const args = process.argv.slice(2);
if (args[0] === 'scan') {
  // The CI gate loads only its own modules, not every command's (the server, the tool server): it starts faster.
  const [{ runCommand, processIo }, { scanCommand }] = await Promise.all([
    import('../src/cli/cli-kit.ts'),
    import('../src/cli/scan.command.ts'),
  ]);
  process.exitCode = await runCommand('scan', scanCommand, args.slice(1), processIo);
} else {
  const { main } = await import('../src/cli/main.ts');
  process.exitCode = await main(args);
}
