import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { MaintenanceStatus } from '../../lib/core/api/maintenance';
import { SandboxAccounts } from '../../lib/core/api/sandbox';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

/** Resolves with what the process printed once `done(stdout)` says so; rejects if it exits first. */
function waitForOutput(child: ChildProcess, done: (stdout: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (done(stdout)) resolve(stdout);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`the sandbox exited (${code ?? signal}) before it was ready:\n${stderr}`)),
    );
  });
}

const exitOf = (child: ChildProcess): Promise<{ code: number | null; signal: string | null }> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode });
      return;
    }
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });

describe('sandbox/cli.ts (npm run sandbox)', () => {
  let child: ChildProcess | null = null;

  afterEach(() => {
    // Only if a failed test left it running.
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    child = null;
  });

  it('starts on the ports it is given, prints its URLs, serves, and stops cleanly on SIGTERM', async () => {
    const started = spawn(
      TSX,
      [
        'sandbox/cli.ts',
        '--port',
        '0',
        '--site-port',
        '0',
        '--no-bots',
        '--exchange-name',
        'Smoke',
        '--taker-delay-ms',
        '200',
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = started;
    const stdout = await waitForOutput(started, (out) => out.includes('Press Ctrl+C to stop.'));

    expect(stdout).toContain('Sandbox exchange "Smoke" is running.');
    const apiUrl = /API \+ Socket\.IO \(namespace \/markets\): (http:\/\/\S+)/.exec(stdout)?.[1];
    const siteUrl = /Market web site: +(http:\/\/\S+)/.exec(stdout)?.[1];
    expect(apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(siteUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(stdout).toContain(`curl ${apiUrl}/__sandbox/accounts`);

    const maintenance = await fetch(`${apiUrl}/maintenance/status`);
    expect(maintenance.status).toBe(200);
    expect(MaintenanceStatus.parse(await maintenance.json()).mode).toBe('normal');
    const accounts = SandboxAccounts.parse(
      await (await fetch(`${apiUrl}/__sandbox/accounts`)).json(),
    );
    expect(accounts.map((a) => a.label)).toContain('alice');
    expect((await fetch(`${siteUrl}/`)).status).toBe(200);

    started.kill('SIGTERM');
    expect(await exitOf(started)).toEqual({ code: 0, signal: null });
    // Closed for good: the port no longer answers.
    await expect(fetch(`${apiUrl}/maintenance/status`)).rejects.toThrow();
  }, 60_000);

  it('--help lists every option and exits 0 without starting anything', async () => {
    const shown = spawn(TSX, ['sandbox/cli.ts', '--help'], { cwd: ROOT });
    child = shown;
    let stdout = '';
    shown.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    const { code } = await exitOf(shown);
    expect(code).toBe(0);
    for (const option of [
      '--port',
      '--site-port',
      '--exchange-name',
      '--seed',
      '--no-bots',
      '--taker-delay-ms',
      '--settle-ms',
      '--log',
      '--help',
    ]) {
      expect(stdout).toContain(option);
    }
    expect(stdout).not.toContain('is running');
  });
});
