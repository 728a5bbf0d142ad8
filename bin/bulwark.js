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
const args = process.argv.slice(2);
// glibc raises its mmap threshold to the size of each large block freed (up to 32 MiB); after a few large uploads,
// blocks of those sizes come from its heap, which keeps them, and a long-running server's RSS climbs to a plateau
// it does not use (docs/resilience.md, "Time and memory"). glibc reads the setting once, at process start, so
// `serve` replaces itself (execve: same pid, same arguments) with the threshold fixed, unless the operator set it.
if (
  args[0] === 'serve' &&
  process.platform === 'linux' &&
  process.env.MALLOC_MMAP_THRESHOLD_ === undefined &&
  typeof process.execve === 'function'
) {
  const env = { ...process.env, MALLOC_MMAP_THRESHOLD_: '131072' };
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], env);
}
// Compiled (and type-stripped) modules are cached on disk between runs: a CLI started again and again (a CI gate)
// does not compile its sources every time. BULWARK_COMPILE_CACHE=0 turns it off.
if (process.env.BULWARK_COMPILE_CACHE !== '0') (await import('node:module')).enableCompileCache?.();
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
