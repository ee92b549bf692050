import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import { manifestHostPatterns } from './lib/core/site/host-permissions';
import {
  PANEL_COMMANDS,
  SIDE_PANEL_COMMAND,
  TOGGLE_PANEL_COMMAND,
} from './lib/protocol/keyboard-commands';
import { eagerCompile } from './scripts/lib/compile-hints';
import { vendorHardening } from './scripts/lib/vendor-hardening';

// Extension pages load only their own scripts. Declared rather than left to each browser:
// Firefox's MV3 default adds `upgrade-insecure-requests`, which turns the sandbox's
// ws://127.0.0.1 socket into a wss:// one that fails, so the connection never left HTTP
// long-polling there (test/firefox/journeys.test.ts checks the transport).
const EXTENSION_PAGES_CSP = "script-src 'self'; object-src 'self'";

export default defineConfig({
  modules: [],
  // MV3 in both browsers: one lifecycle (an event-driven background the browser may stop at
  // any time), one manifest shape. README.md, "Firefox: MV3", says why.
  manifestVersion: 3,
  // The sources zip the Firefox add-on store asks for: what builds the extension, not what
  // a test run left behind.
  zip: { excludeSources: ['test-results/**', 'bench/results/**', 'docs/images/**'] },
  vite: () => ({
    plugins: [preact(), vendorHardening(), eagerCompile(['panel-frame.js'])],
    build: { sourcemap: false },
  }),
  hooks: {
    // Chromium's panel frame (public/panel-frame.html with its script, entrypoints/panel-frame.ts)
    // has no use in Firefox, which draws the panel in the page.
    'build:publicAssets': (wxt, files) => {
      if (wxt.config.browser !== 'firefox') return;
      const kept = files.filter((file) => file.relativeDest !== 'panel-frame.html');
      files.splice(0, files.length, ...kept);
    },
    // The content script's static entry would grant its loopback matches at install. A store
    // build registers the panel at runtime instead, on the sites the user granted
    // (lib/background/site-scripts.ts), the sandbox's included.
    'build:manifestGenerated': (wxt, manifest) => {
      if (manifestHostPatterns(wxt.config.mode).length === 0) delete manifest.content_scripts;
    },
  },
  manifest: ({ browser, mode }) => ({
    name: 'Market Companion',
    description:
      'Positions, the live trading feed and one-click trading for a prediction-market exchange.',
    permissions: [
      'storage',
      'alarms',
      'idle',
      'notifications',
      'scripting',
      ...(browser === 'firefox' ? [] : ['sidePanel']),
    ],
    host_permissions: [...manifestHostPatterns(mode)],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    content_security_policy: { extension_pages: EXTENSION_PAGES_CSP },
    // The popup is a plain page (public/popup.html with entrypoints/popup-page.ts), not a WXT
    // popup entry, so that it loads one classic script: the manifest names it here.
    action: {
      default_title: 'Market Companion',
      default_popup: 'popup.html',
      // Firefox: on the toolbar from the start, not in the extensions menu: where a trader looks.
      ...(browser === 'firefox' ? { default_area: 'navbar' as const } : {}),
    },
    // The side panel is a plain page too (public/sidepanel.html with
    // entrypoints/sidepanel-page.ts), loaded as the popup is: Chromium's side panel, Firefox's
    // sidebar.
    ...(browser === 'firefox'
      ? { sidebar_action: { default_panel: 'sidepanel.html', default_title: 'Market Companion' } }
      : { side_panel: { default_path: 'sidepanel.html' } }),
    // Page-panel trading shortcuts: no default keys (the user binds them); off until the
    // setting is on. Folding the page panel and opening the side panel have suggested keys
    // (Chromium takes at most four): they trade nothing.
    commands: {
      ...Object.fromEntries(
        Object.entries(PANEL_COMMANDS).map(([name, description]) => [name, { description }]),
      ),
      [SIDE_PANEL_COMMAND.name]: {
        description: SIDE_PANEL_COMMAND.description,
        suggested_key: { default: SIDE_PANEL_COMMAND.suggestedKey },
      },
      [TOGGLE_PANEL_COMMAND.name]: {
        description: TOGGLE_PANEL_COMMAND.description,
        suggested_key: { default: TOGGLE_PANEL_COMMAND.suggestedKey },
      },
    },
    // Chromium's page panel is this page, framed by the content script: loadable only
    // through the per-session dynamic URL, which a page cannot guess.
    ...(browser === 'firefox'
      ? {}
      : {
          web_accessible_resources: [
            {
              resources: ['panel-frame.html'],
              matches: ['http://*/*', 'https://*/*'],
              use_dynamic_url: true,
            },
          ],
        }),
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'market-companion@example.org',
              // The version the Firefox suite runs (test/firefox/journeys.test.ts checks the
              // browser it drives is not older). Above 142, the first to read the
              // data-collection declaration the add-on store now requires.
              strict_min_version: '153.0',
              // Nothing is collected, or sent anywhere but to the exchange the user set up.
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  }),
});
