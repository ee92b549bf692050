import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import { MANIFEST_HOST_PATTERNS } from './lib/core/site/host-permissions';
import { PANEL_COMMANDS } from './lib/protocol/commands';

// The sandbox's market site is the default exchange in every build; other sites are
// added at runtime through optional host permissions (see the options page, which reads
// the same list to know what it need not ask for).
const SANDBOX_ORIGINS = [...MANIFEST_HOST_PATTERNS];

export default defineConfig({
  modules: [],
  // The sources zip the Firefox add-on store asks for: what builds the extension, not what
  // a test run left behind.
  zip: { excludeSources: ['test-results/**', 'bench/results/**', 'docs/images/**'] },
  vite: () => ({
    plugins: [preact()],
    build: { sourcemap: false },
  }),
  manifest: ({ browser }) => ({
    name: 'Market Companion',
    description:
      'Positions, the live trading feed and one-click trading for a prediction-market exchange.',
    permissions: ['storage', 'alarms', 'idle', 'notifications', 'scripting'],
    host_permissions: SANDBOX_ORIGINS,
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    // Page-panel shortcuts: no default keys (the user binds them); off until the setting is on.
    commands: Object.fromEntries(
      Object.entries(PANEL_COMMANDS).map(([name, description]) => [name, { description }]),
    ),
    ...(browser === 'firefox'
      ? {
          // Firefox builds are MV2, where optional host patterns are optional permissions
          // (WXT does not carry `optional_host_permissions` over): the options page asks for them.
          optional_permissions: ['https://*/*', 'http://*/*'],
          browser_specific_settings: {
            gecko: {
              id: 'market-companion@example.org',
              // The first version (desktop and Android) that reads the data-collection
              // declaration the add-on store now requires.
              strict_min_version: '142.0',
              // Nothing is collected, or sent anywhere but to the exchange the user set up.
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  }),
});
