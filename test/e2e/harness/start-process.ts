import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './screenshots';

const TSX = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

export interface StartRun {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();

/** `npm start` as a child process (tsx directly: npm would add its own lines). */
export function runStart(args: string[], env: NodeJS.ProcessEnv = {}): StartRun {
  const child = spawn(TSX, ['scripts/start.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  running.add(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => output, exited };
}

/** Stops every run still going: a failed test must not leave a sandbox and a browser behind. */
export function stopRuns(): void {
  for (const child of running) if (child.exitCode === null) child.kill('SIGTERM');
  running.clear();
}

/** The value printed after `label:` in the ready lines. */
export function field(output: string, label: string): string {
  const match = new RegExp(`^\\s*${label}:\\s+(\\S+)`, 'm').exec(output);
  if (!match?.[1]) throw new Error(`no "${label}" line in:\n${output}`);
  return match[1];
}

/** Whether anything still answers at `url` (the sandbox after the run stopped must not). */
export async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}
