/**
 * `npm start -- --browser firefox`: the same first minute in Firefox, headless here. The
 * default path arrives ready to trade (the demo trader set up through the options page's
 * own messages); `--fresh` leaves the onboarding open. Both stop everything they started.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildExtension, staleBuildReason } from '../../scripts/lib/build';
import { REPO_ROOT, SCREENSHOT_ROOT } from '../e2e/harness/screenshots';
import { answers, field, runStart, stopRuns } from '../e2e/harness/start-process';

const SHOTS = join(SCREENSHOT_ROOT, 'firefox', 'npm-start');

async function start(args: string[]): Promise<{ code: number | null; output: string }> {
  const run = runStart(['--browser', 'firefox', ...args]);
  const code = await run.exited;
  return { code, output: run.output() };
}

afterEach(stopRuns);

const COMMON = [
  '--headless',
  '--no-build',
  '--exit-after-ready',
  '--no-bots',
  '--port',
  '0',
  '--site-port',
  '0',
];

beforeAll(async () => {
  // The build npm start loads in Firefox: the one that runs beside the sandbox.
  if (staleBuildReason(REPO_ROOT, 'firefox', 'e2e')) {
    await buildExtension(REPO_ROOT, 'firefox', { quiet: true, mode: 'e2e' });
  }
}, 120_000);

describe('npm start -- --browser firefox', () => {
  it('arrives ready to trade: the demo trader signed in, the market page shot, everything stopped after', async () => {
    const run = await start([...COMMON, '--screenshots', join(SHOTS, 'ready')]);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('Market Companion is running in Firefox.');
    expect(run.output).toMatch(
      /Signed in as:\s+alice \(sandbox demo trader; passphrase "[^"]{10,}"\)/,
    );
    expect(existsSync(join(SHOTS, 'ready', 'market.png'))).toBe(true);
    expect(
      await answers(`${field(run.output, 'Sandbox API \\+ Socket\\.IO')}/maintenance/status`),
    ).toBe(false);
  });

  it('--fresh leaves the onboarding to the user, on the options page', async () => {
    const run = await start([...COMMON, '--fresh', '--screenshots', join(SHOTS, 'fresh')]);
    expect(run.code, run.output).toBe(0);
    expect(field(run.output, 'Options \\(onboarding\\)')).toMatch(
      /^moz-extension:\/\/[0-9a-f-]+\/options\.html$/,
    );
    expect(run.output).not.toContain('Signed in as');
    expect(existsSync(join(SHOTS, 'fresh', 'options.png'))).toBe(true);
  });
});
