import '../../lib/core/api/no-eval';
import '../../assets/theme.css';
import '../../assets/controls.css';
import '../../components/options/options.css';
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { connectAppState } from '../../components/common/app-state';
import { OptionsApp, sectionFromHash } from '../../components/options/OptionsApp';
import { send } from '../../lib/protocol/browser';
import { readSettings, writeSettings } from '../../lib/storage/settings-item';

const store = connectAppState();

function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function openShortcutSettings(): void {
  // Firefox has its own page (and an API for it); Chromium browsers share this URL.
  const commands = browser.commands as { openShortcutSettings?: () => Promise<void> } | undefined;
  if (commands?.openShortcutSettings) void commands.openShortcutSettings();
  else void browser.tabs.create({ url: 'chrome://extensions/shortcuts' });
}

const root = document.getElementById('app');
if (root) {
  render(
    <OptionsApp
      deps={{
        send,
        snapshot: store.value,
        connected: store.connected,
        updateSettings: async (change) => {
          const next = change(await readSettings());
          await writeSettings(next);
          return next;
        },
        requestHostPermissions: (origins) => browser.permissions.request({ origins }),
        removeHostPermissions: (origins) => browser.permissions.remove({ origins }),
        openShortcutSettings,
        saveFile,
        now: () => new Date(),
      }}
      initialSection={sectionFromHash(location.hash)}
    />,
    root,
  );
}
