import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../../wait';
import { screenshotDirFor } from './screenshots';
import { answers, field, runStart, stopRuns } from './start-process';

const SHOTS = screenshotDirFor(import.meta.url);
const start = runStart;

afterEach(stopRuns);

describe('npm start', () => {
  // `--no-build`: the run's global setup has just made `.output/chrome-mv3-e2e` from these
  // sources with the same `buildExtension` npm start calls (and `npm test` ran `npm run
  // build` before that), so a second `wxt build` here would prove nothing new and cost
  // 10–20 s of the suite's 2 cores.
  it('ready to trade by default: the demo trader set up and unlocked, the market page in front', async () => {
    const run = start([
      '--headless',
      '--no-build',
      '--exit-after-ready',
      '--no-bots',
      '--port',
      '0',
      '--site-port',
      '0',
      '--screenshots',
      join(SHOTS, 'ready'),
    ]);
    expect(await run.exited, run.output()).toBe(0);
    const out = run.output();
    expect(out).toMatch(/Signed in as:\s+alice \(sandbox demo trader; passphrase "[^"]{10,}"\)/);
    expect(out).not.toContain('Options (onboarding)');
    expect(out).toContain('Popup:                   opened once');
    // Headless (and, on this machine and CI, root): no sandbox, and the line says why.
    expect(out).toMatch(/Renderer sandbox:\s+off \((running as root|headless)/);
    expect(existsSync(join(SHOTS, 'ready', 'market.png'))).toBe(true);
  });

  it('--fresh, headless: starts the sandbox and the browser on the existing build, prints the extension id, URLs and screenshots, then closes everything', async () => {
    const run = start([
      '--fresh',
      '--headless',
      '--no-build',
      '--exit-after-ready',
      '--port',
      '0',
      '--site-port',
      '0',
      '--screenshots',
      SHOTS,
    ]);
    expect(await run.exited, run.output()).toBe(0);
    const out = run.output();
    expect(out).not.toContain('Building');
    expect(field(out, 'Extension id')).toMatch(/^[a-p]{32}$/);
    const api = field(out, 'Sandbox API \\+ Socket\\.IO');
    expect(api).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(field(out, 'Sandbox market site')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(field(out, 'Market page')).toMatch(/\/markets\/sandbox-btc-100k$/);
    expect(field(out, 'Options \\(onboarding\\)')).toMatch(
      /^chrome-extension:\/\/[a-p]{32}\/options\.html$/,
    );
    expect(out).toContain('Screenshots:');
    expect(existsSync(join(SHOTS, 'market.png'))).toBe(true);
    expect(existsSync(join(SHOTS, 'options.png'))).toBe(true);
    // Everything it started is gone.
    expect(await answers(`${api}/maintenance/status`)).toBe(false);
  });

  it('keeps running until SIGTERM, then stops the sandbox and removes the temporary profile', async () => {
    const run = start([
      '--headless',
      '--no-build',
      '--no-bots',
      '--port',
      '0',
      '--site-port',
      '0',
      '--screenshots',
      join(SHOTS, 'sigterm'),
    ]);
    let exitedEarly = false;
    void run.exited.then(() => {
      exitedEarly = true;
    });
    await eventually(() => run.output().includes('press Ctrl+C to stop') || exitedEarly, {
      timeoutMs: 45_000,
      what: 'npm start ready or gone',
    }).catch(() => undefined);
    const out = run.output();
    expect(out).toContain('press Ctrl+C to stop');
    const api = field(out, 'Sandbox API \\+ Socket\\.IO');
    const profile = /fresh profile (\S+)\)/.exec(out)?.[1] ?? '';
    expect(await answers(`${api}/maintenance/status`)).toBe(true);
    expect(existsSync(profile)).toBe(true);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('Stopping the browser and the sandbox');
    expect(await answers(`${api}/maintenance/status`)).toBe(false);
    expect(existsSync(profile)).toBe(false);
  });

  it('without a browser says how to install one, with no stack trace, and exits non-zero', async () => {
    const run = start(['--headless', '--exit-after-ready'], {
      CHROME_PATH: '/nonexistent/chromium',
    });
    expect(await run.exited).toBe(1);
    const out = run.output();
    expect(out).toContain('CHROME_PATH is set to /nonexistent/chromium');
    expect(out).toContain('sudo apt-get install chromium');
    expect(out).not.toMatch(/^\s+at /m);
    expect(out).not.toContain('Building');
  });
});
