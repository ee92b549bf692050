import { useEffect, useState } from 'preact/hooks';
import { TabPanel, Tabs } from '../common/Tabs';
import { useThemeAttribute } from '../common/useThemeAttribute';
import { AccountSection } from './account/AccountSection';
import { type OptionsDeps, OptionsDepsContext, useDeps } from './deps';
import { Onboarding } from './onboarding/Onboarding';
import { SecuritySection } from './security/SecuritySection';
import { SettingsSection } from './settings/SettingsSection';
import { UnlockForm } from './UnlockForm';
import { VaultHeader } from './VaultHeader';
import { WithdrawSection } from './withdraw/WithdrawSection';

export const SECTIONS = ['account', 'settings', 'withdraw', 'security'] as const;
export type Section = (typeof SECTIONS)[number];
const LABELS: Record<Section, string> = {
  account: 'Account',
  settings: 'Settings',
  withdraw: 'Withdraw',
  security: 'Security',
};

/** `#withdraw` opens that section (links from the popup and the panel can point at one). */
export function sectionFromHash(hash: string): Section {
  const name = hash.replace(/^#/, '');
  return (SECTIONS as readonly string[]).includes(name) ? (name as Section) : 'account';
}

function Options({ initialSection }: { initialSection: Section }) {
  const deps = useDeps();
  const snapshot = deps.snapshot.value;
  const portConnected = deps.connected.value;
  const [section, setSection] = useState<Section>(initialSection);
  // Setup stays on screen through its last step, after the vault has become unlocked.
  const [inSetup, setInSetup] = useState(false);
  const status = snapshot?.vault.status;
  useEffect(() => {
    if (status === 'empty') setInSetup(true);
  }, [status]);
  useThemeAttribute(snapshot?.settings.theme ?? 'system');

  if (!snapshot) {
    return (
      <main class="options">
        <p class="muted" role="status">
          Connecting to the extension's background…
        </p>
      </main>
    );
  }
  const view = snapshot.vault;
  const header = (
    <VaultHeader view={view} connection={snapshot.connection} portConnected={portConnected} />
  );
  if (view.status === 'empty' || inSetup) {
    return (
      <main class="options">
        {header}
        <Onboarding
          exchange={snapshot.settings.exchange}
          onDone={() => {
            setInSetup(false);
            setSection('account');
          }}
        />
      </main>
    );
  }
  const select = (next: Section) => {
    setSection(next);
    history.replaceState(null, '', `#${next}`);
  };
  return (
    <main class="options">
      {header}
      {view.status === 'locked' ? (
        <UnlockForm accountLabel={view.displayName ?? view.account} />
      ) : null}
      <nav>
        <Tabs
          items={SECTIONS.map((id) => ({ id, label: LABELS[id] }))}
          selected={section}
          onSelect={select}
          label="Options sections"
          idPrefix="options"
        />
      </nav>
      <TabPanel idPrefix="options" id="account" hidden={section !== 'account'}>
        {section === 'account' ? <AccountSection view={view} /> : null}
      </TabPanel>
      <TabPanel idPrefix="options" id="settings" hidden={section !== 'settings'}>
        {section === 'settings' ? <SettingsSection settings={snapshot.settings} /> : null}
      </TabPanel>
      <TabPanel idPrefix="options" id="withdraw" hidden={section !== 'withdraw'}>
        {section === 'withdraw' ? <WithdrawSection view={view} /> : null}
      </TabPanel>
      <TabPanel idPrefix="options" id="security" hidden={section !== 'security'}>
        {section === 'security' ? (
          <SecuritySection view={view} autoLockMinutes={snapshot.settings.autoLockMinutes} />
        ) : null}
      </TabPanel>
    </main>
  );
}

/** The options page: onboarding on a fresh install, then account, settings, withdrawals, security. */
export function OptionsApp({
  deps,
  initialSection = 'account',
}: {
  deps: OptionsDeps;
  initialSection?: Section;
}) {
  return (
    <OptionsDepsContext.Provider value={deps}>
      <Options initialSection={initialSection} />
    </OptionsDepsContext.Provider>
  );
}
