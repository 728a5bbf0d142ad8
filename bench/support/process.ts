/** Benchmark helper: runs a target server as a separate process and waits until it listens. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';

/** Starts a Node script as a separate process and waits for the `LISTENING <url>` line it prints. */
export function startProcess(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...(process.env.BENCH_NODE_ARGS?.split(' ') ?? []), script, ...args],
      {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let buffered: string | undefined = '';
    // BENCH_TARGET_STDOUT: a file for the target's stdout (e.g. V8's --trace-gc output), which is otherwise dropped.
    const tee = process.env.BENCH_TARGET_STDOUT
      ? createWriteStream(process.env.BENCH_TARGET_STDOUT)
      : undefined;
    child.stdout!.on('data', (chunk: Buffer) => {
      tee?.write(chunk);
      if (buffered === undefined) return;
      buffered += chunk.toString();
      const match = /LISTENING (.+)\n/.exec(buffered);
      if (match) {
        buffered = undefined;
        resolve({ child, url: match[1]! });
      }
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** Peak resident set size of a process in bytes (Linux: VmHWM), or undefined elsewhere. */
export async function peakRss(pid: number): Promise<number | undefined> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : undefined;
}

export const machine = async (): Promise<string> => {
  const os = await import('node:os');
  return `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
};

/** CPU seconds (user + system) a process has used so far (Linux /proc), or undefined elsewhere. */
export async function cpuSeconds(pid: number): Promise<number | undefined> {
  const { readFile } = await import('node:fs/promises');
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks / 100 : undefined;
}
