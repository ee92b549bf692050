/**
 * npm start asks Chromium for its renderer sandbox (Playwright's default, `chromiumSandbox:
 * false`, adds --no-sandbox to every launch). Where the machine cannot give one, the real
 * browser refuses it and the launch starts again without it, saying why: as root here (CI
 * too), Chromium will not run sandboxed; as a user it is sandboxed, as chrome://sandbox says.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { outputDir } from '../../../scripts/lib/build';
import { findChromium, launchWithExtension } from '../../../scripts/lib/chromium';
import { REPO_ROOT } from './screenshots';

describe('the renderer sandbox of the browser npm start opens', () => {
  it('is asked for, and where the browser refuses it the launch goes on without it and says why', async () => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'mc-sandbox-profile-'));
    const launched = await launchWithExtension({
      executablePath: findChromium(),
      extensionDir: inject('extensionDir') ?? outputDir(REPO_ROOT, 'chrome'),
      userDataDir,
      headless: true,
      // What a person's window asks for (headless here: there is no display).
      sandbox: { on: true },
    });
    try {
      if (process.getuid?.() === 0) {
        expect(launched.sandbox).toEqual({
          on: false,
          reason: expect.stringMatching(/would not start Chromium with it/),
        });
      } else {
        expect(launched.sandbox).toEqual({ on: true });
        const page = await launched.context.newPage();
        await page.goto('chrome://sandbox');
        expect(await page.locator('body').textContent()).toMatch(/adequately sandboxed/i);
      }
      // Either way the extension runs.
      expect(launched.extensionId).toMatch(/^[a-p]{32}$/);
    } finally {
      await launched.context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    }
  });
});
