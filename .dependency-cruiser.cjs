// Layer rules of the extension and the sandbox (docs/architecture.md explains each).
// `npm run lint:deps` checks them; type-only imports count (tsPreCompilationDeps).
const FEATURES = ['panel', 'popup', 'options', 'position-badges'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'No import cycle anywhere, type-only imports included.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-is-a-leaf',
      severity: 'error',
      comment:
        'lib/core (api, client, orders, format, settings, site) is pure and Node-safe: it imports nothing else of ours and no extension API.',
      from: { path: '^lib/core/' },
      to: {
        pathNot: ['^lib/core/', '(^|/)node_modules/(?!wxt/|@wxt-dev/|webextension-polyfill)'],
      },
    },
    {
      name: 'protocol-on-core-only',
      severity: 'error',
      comment: 'lib/protocol (messages, senders, views) is a leaf above core.',
      from: { path: '^lib/protocol/' },
      to: { path: '^(lib/(?!core/|protocol/)|components/|entrypoints/|sandbox/)' },
    },
    {
      name: 'lib-below-ui',
      severity: 'error',
      comment: 'Nothing in lib/ knows the UI or the entrypoints.',
      from: { path: '^lib/' },
      to: { path: '^(components|entrypoints)/' },
    },
    {
      name: 'storage-on-core-and-protocol',
      severity: 'error',
      comment: 'lib/storage holds stored items: it builds on core and protocol only.',
      from: { path: '^lib/storage/' },
      to: { path: '^(lib/(?!core/|protocol/|storage/)|sandbox/)' },
    },
    {
      name: 'features-on-protocol-and-core',
      severity: 'error',
      comment:
        'A UI feature under components/ talks to the background through lib/protocol and computes with lib/core; never the vault, the client internals, the desk, the live connection or the background.',
      from: { path: '^components/' },
      to: {
        path: '^(lib/(vault|desk|background|live)/|lib/core/client/(?!errors\\.ts$|error-info\\.ts$)|sandbox/|entrypoints/)',
      },
    },
    ...FEATURES.map((feature) => ({
      name: `${feature}-stays-in-its-folder`,
      severity: 'error',
      comment: `components/${feature} uses components/common, never another feature.`,
      from: { path: `^components/${feature}/` },
      to: { path: `^components/(?!${feature}/|common/)` },
    })),
    {
      name: 'sidepanel-composes-popup-and-panel',
      severity: 'error',
      comment:
        "components/sidepanel draws the popup's screens and the page panel's trade controls: it may use those two features (never the other way round), and no other.",
      from: { path: '^components/sidepanel/' },
      to: { path: '^components/(?!sidepanel/|common/|popup/|panel/)' },
    },
    {
      name: 'common-serves-every-feature',
      severity: 'error',
      comment: 'components/common is shared by every feature, so it depends on none of them.',
      from: { path: '^components/common/' },
      to: { path: '^components/(?!common/)' },
    },
    {
      name: 'content-script-is-light',
      severity: 'error',
      comment:
        'What a market page loads never reaches the vault, the signed client, the desk, the background, viem or socket.io-client.',
      from: { path: '^entrypoints/market(-in-page)?\\.content/' },
      to: {
        path: [
          '^lib/(vault|desk|background|live|storage)/',
          // The error schema only as a type (the built script is checked to carry no zod:
          // test/e2e/harness/bundle.test.ts).
          '^lib/core/client/(?!errors\\.ts$|error-info\\.ts$)',
          '(^|/)node_modules/(viem|socket\\.io-client|engine\\.io-client|@noble)/',
        ],
        reachable: true,
      },
    },
    {
      name: 'panel-loader-is-tiny',
      severity: 'error',
      comment:
        "Chromium's content script only frames the panel: no UI library, no schema library (the panel runs in its extension-origin frame).",
      from: { path: '^entrypoints/market\\.content/' },
      // Our modules that would bring them, by path. The packages themselves cannot be named
      // here: their exports resolve to their declaration files for type and value imports
      // alike, and a type-only import (counted here) leads to every schema module. The built
      // script is checked for zod and signals instead (test/e2e/harness/bundle.test.ts).
      to: {
        // The port store brings signals; the panel's UI brings Preact. (page-timer.ts is a
        // guarded setTimeout, with no import at all.)
        path: '^components/(common/(?!page-timer\\.ts$)|panel/(ui/|mount|model/(store|early-state|controller)))',
        reachable: true,
      },
    },
    {
      name: 'sandbox-without-the-extension',
      severity: 'error',
      comment:
        'The sandbox shares lib/core with the extension and nothing else: no vault, desk, background, protocol, storage or UI.',
      from: { path: '^sandbox/' },
      to: { path: '^(lib/(?!core/)|components/|entrypoints/)' },
    },
    {
      name: 'nothing-imports-an-entrypoint',
      severity: 'error',
      comment: 'Entrypoints only wire; logic they hold cannot be shared.',
      from: { pathNot: '^(entrypoints|test|bench|scripts)/' },
      to: { path: '^entrypoints/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(\\.output|\\.wxt|node_modules/\\.vite)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
  },
};
