/**
 * The page panel's script must not carry what only the background needs: viem (signing),
 * Socket.IO (the live connection), zod (the background parses everything a UI is sent) and
 * the storage library; nor the popup zod. Read from the build the e2e run loads. Each
 * package is recognised by strings from its own sources (none of them is in ours); the
 * background must contain every one of them, which proves each marker really detects
 * its package in a bundle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { buildExtension, outputDir, staleBuildReason } from '../../../scripts/lib/build';
import { REPO_ROOT } from './screenshots';

const BACKGROUND_ONLY: Record<string, readonly string[]> = {
  // viem's BaseError: its docs address and the version tag of every error; an error class name.
  viem: ['https://viem.sh', 'viem@', 'InvalidAddressError'],
  // socket.io-client's own disconnect reason; engine.io-client's polling error.
  'socket.io-client': ['io client disconnect', 'xhr poll error'],
  // zod's base class name and one of its own refusals.
  zod: ['$ZodType', 'Invalid input to extend'],
};

const extensionDir = inject('extensionDir') ?? outputDir(REPO_ROOT, 'chrome', 'e2e');
const read = (path: string) => readFileSync(join(extensionDir, path), 'utf8');
const contentScripts = readdirSync(join(extensionDir, 'content-scripts')).filter((f) =>
  f.endsWith('.js'),
);

/** The markers of each package found in a bundle's text. */
const found = (text: string) =>
  Object.fromEntries(
    Object.entries(BACKGROUND_ONLY).map(([pkg, markers]) => [
      pkg,
      markers.filter((m) => text.includes(m)),
    ]),
  );

describe('what the bundles carry', () => {
  it('the markers detect each package: the background bundle has every one', () => {
    expect(found(read('background.js'))).toEqual(BACKGROUND_ONLY);
  });

  it('the page panel’s content script has none of them in it', () => {
    expect(contentScripts).toContain('market.js');
    for (const file of contentScripts) {
      const none = Object.fromEntries(Object.keys(BACKGROUND_ONLY).map((pkg) => [pkg, []]));
      expect(found(read(join('content-scripts', file))), file).toEqual(none);
    }
  });

  it('Chromium’s content script only frames the panel: no Preact signals in it (the popup has them)', () => {
    // @preact/signals-core's own refusal of a cycle; Preact itself has no message of its own.
    const signals = 'Cycle detected';
    const popupHtml = read('popup.html');
    const popup = [...popupHtml.matchAll(/(?:src|href)="\/?((?:chunks\/)?[^"]+\.js)"/g)]
      .map((m) => read(m[1] as string))
      .join('\n');
    expect(popup).toContain(signals);
    expect(read('content-scripts/market.js')).not.toContain(signals);
  });

  it('the popup’s scripts carry no zod (the background parsed what its port sends)', () => {
    const popupHtml = read('popup.html');
    const scripts = [...popupHtml.matchAll(/(?:src|href)="\/?((?:chunks\/)?[^"]+\.js)"/g)].map(
      (m) => m[1] as string,
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) expect(found(read(file)).zod, file).toEqual([]);
  });
});

describe('the store build has no test entry point', () => {
  it('only the e2e build puts the background app on the worker’s global scope', async () => {
    // The e2e build this run loads has it (the tests reach the app through it)…
    const backgroundOf = (dir: string) => readFileSync(join(dir, 'background.js'), 'utf8');
    expect(backgroundOf(extensionDir)).toContain('__marketCompanion');
    // …the store build, made the same way from the same sources, does not.
    if (staleBuildReason(REPO_ROOT, 'chrome'))
      await buildExtension(REPO_ROOT, 'chrome', { quiet: true });
    expect(backgroundOf(outputDir(REPO_ROOT, 'chrome'))).not.toContain('__marketCompanion');
  }, 120_000);
});

describe('what the manifests ask for', () => {
  const manifestOf = (dir: string) =>
    JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
      host_permissions?: string[];
      content_scripts?: unknown[];
      content_security_policy?: { extension_pages?: string };
      web_accessible_resources?: { resources: string[]; use_dynamic_url?: boolean }[];
    };

  it('the store build: no host access at install, no static content script, its own page CSP', async () => {
    if (staleBuildReason(REPO_ROOT, 'chrome'))
      await buildExtension(REPO_ROOT, 'chrome', { quiet: true });
    const store = manifestOf(outputDir(REPO_ROOT, 'chrome'));
    expect(store.host_permissions).toEqual([]);
    expect(store.content_scripts).toBeUndefined();
    expect(store.content_security_policy?.extension_pages).toBe(
      "script-src 'self'; object-src 'self'",
    );
  }, 120_000);

  it('a page can load only the panel’s frame, and only through its per-session dynamic URL', async () => {
    if (staleBuildReason(REPO_ROOT, 'chrome'))
      await buildExtension(REPO_ROOT, 'chrome', { quiet: true });
    for (const dir of [extensionDir, outputDir(REPO_ROOT, 'chrome')]) {
      const resources = manifestOf(dir).web_accessible_resources ?? [];
      expect(resources.map((r) => r.resources)).toEqual([['panel-frame.html']]);
      expect(resources.every((r) => r.use_dynamic_url === true)).toBe(true);
    }
  }, 120_000);

  it('the build that runs beside the sandbox grants loopback and declares the panel there', () => {
    const e2e = manifestOf(extensionDir);
    expect(e2e.host_permissions).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
    expect(e2e.content_scripts).toHaveLength(1);
  });
});
