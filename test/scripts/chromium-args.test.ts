import { describe, expect, it } from 'vitest';
import {
  extensionArgs,
  launchWithSandboxFallback,
  persistentContextOptions,
  rendererSandbox,
} from '../../scripts/lib/chromium';

const DIR = '/tmp/extension';

describe('the Chromium switches npm start and the tests use', () => {
  it('keep the renderer sandbox in a person’s headed browser', () => {
    expect(rendererSandbox(false, 1000)).toEqual({ on: true });
    const args = extensionArgs(DIR, false, true);
    expect(args).not.toContain('--no-sandbox');
    expect(args).not.toContain('--headless=new');
    expect(args).toContain(`--load-extension=${DIR}`);
  });

  it('drop it only where Chromium cannot have it: as root, or headless automation, and say why', () => {
    expect(rendererSandbox(false, 0)).toEqual({
      on: false,
      reason: expect.stringMatching(/root/),
    });
    expect(rendererSandbox(true, 1000)).toEqual({
      on: false,
      reason: expect.stringMatching(/headless/),
    });
    expect(extensionArgs(DIR, false, false)).toContain('--no-sandbox');
    expect(extensionArgs(DIR, true, false)).toEqual(
      expect.arrayContaining(['--headless=new', '--no-sandbox']),
    );
  });
});

describe('what Playwright is asked for', () => {
  const launch = {
    executablePath: '/usr/bin/chromium',
    extensionDir: DIR,
    userDataDir: '/tmp/profile',
    headless: false,
  };

  it('a sandboxed launch asks Playwright for the sandbox (its default adds --no-sandbox)', () => {
    const options = persistentContextOptions(launch, true);
    expect(options?.chromiumSandbox).toBe(true);
    expect(options?.args).not.toContain('--no-sandbox');
  });

  it('an unsandboxed one says so both ways', () => {
    const options = persistentContextOptions({ ...launch, headless: true }, false);
    expect(options?.chromiumSandbox).toBe(false);
    expect(options?.args).toContain('--no-sandbox');
  });
});

describe('a launch with the sandbox falls back, with the reason, where the machine has none', () => {
  it('asks Playwright for the sandbox first and keeps it when the browser starts', async () => {
    const asked: boolean[] = [];
    const result = await launchWithSandboxFallback({ on: true }, async (sandboxed) => {
      asked.push(sandboxed);
      return 'browser';
    });
    expect(asked).toEqual([true]);
    expect(result).toEqual({ launched: 'browser', sandbox: { on: true } });
  });

  it('starts again without it when Chromium finds no usable sandbox, and names why', async () => {
    const asked: boolean[] = [];
    const result = await launchWithSandboxFallback({ on: true }, async (sandboxed) => {
      asked.push(sandboxed);
      if (sandboxed) {
        throw new Error(
          'browserType.launchPersistentContext: Target page, context or browser has been closed\n' +
            '[pid=1][err] [1:1:FATAL:zygote_host_impl_linux.cc(128)] No usable sandbox! ...',
        );
      }
      return 'browser';
    });
    expect(asked).toEqual([true, false]);
    expect(result.sandbox).toEqual({
      on: false,
      reason: expect.stringContaining('No usable sandbox!'),
    });
  });

  it('never asks for it where it cannot be had', async () => {
    const asked: boolean[] = [];
    const off = rendererSandbox(false, 0);
    const result = await launchWithSandboxFallback(off, async (sandboxed) => {
      asked.push(sandboxed);
      return 'browser';
    });
    expect(asked).toEqual([false]);
    expect(result.sandbox).toBe(off);
  });
});
