import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type BuildTarget = 'chrome' | 'firefox';

/**
 * `production` is what the stores get. `e2e` is the same bundle plus the one test entry
 * point the end-to-end tests, the bench and `npm start` use (the background app on the
 * worker's global scope, `import.meta.env.MODE === 'e2e'`); WXT writes it beside, with a
 * `-e2e` suffix, so the store build never carries it.
 */
export type BuildMode = 'production' | 'e2e';

/** Where `wxt build` writes each target. */
export const outputDir = (
  root: string,
  target: BuildTarget = 'chrome',
  mode: BuildMode = 'production',
): string =>
  resolve(
    root,
    '.output',
    `${target === 'chrome' ? 'chrome-mv3' : 'firefox-mv3'}${mode === 'e2e' ? '-e2e' : ''}`,
  );

/** What goes into the extension bundle (the sandbox, tests and scripts do not). */
const SOURCES = [
  'entrypoints',
  'components',
  'lib',
  'assets',
  'public',
  'wxt.config.ts',
  'package.json',
  'tsconfig.json',
];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why the build in `.output` cannot be used as is, or null when it is up to date. */
export function staleBuildReason(
  root: string,
  target: BuildTarget = 'chrome',
  mode: BuildMode = 'production',
): string | null {
  const manifest = join(outputDir(root, target, mode), 'manifest.json');
  if (!existsSync(manifest)) return `${manifest} does not exist`;
  const builtAt = statSync(manifest).mtimeMs;
  for (const source of SOURCES) {
    const path = join(root, source);
    if (existsSync(path) && newestMtime(path) > builtAt) return `${source} changed since the build`;
  }
  return null;
}

/** Runs `wxt build` (production, never dev mode); rejects with its output when it fails. */
export function buildExtension(
  root: string,
  target: BuildTarget = 'chrome',
  options: { quiet?: boolean; mode?: BuildMode } = {},
): Promise<void> {
  const args = [
    'build',
    ...(target === 'firefox' ? ['-b', 'firefox'] : []),
    ...(options.mode === 'e2e' ? ['--mode', 'e2e'] : []),
  ];
  const wxt = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'wxt.cmd' : 'wxt');
  return new Promise((done, fail) => {
    const child = spawn(wxt, args, {
      cwd: root,
      stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', fail);
    child.once('exit', (code) => {
      if (code === 0) done();
      else fail(new Error(`wxt ${args.join(' ')} failed (exit ${code})\n${output.slice(-4000)}`));
    });
  });
}
