import { useEffect, useState } from 'preact/hooks';
import type { Settings } from '../../../lib/core/settings/schema';
import type { FieldIssues } from '../../common/field-issues';
import { TextField } from '../../common/TextField';
import { useDeps } from '../deps';
import { ExtraSites } from './ExtraSites';
import {
  draftFromSettings,
  type SettingsDraft,
  type SettingsField,
  settingsFromDraft,
} from './form';
import { PanelPlacements } from './PanelPlacements';
import { PanelSites } from './PanelSites';
import { SettingsTransfer } from './SettingsTransfer';

/**
 * Quick-trade presets, caps, notifications, auto-lock, shortcuts, position badges, the panel per site and
 * the theme. Amounts are typed in dollars and stored exactly in raw units.
 */
export function SettingsSection({ settings }: { settings: Settings }) {
  const deps = useDeps();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFromSettings(settings));
  const [dirty, setDirty] = useState(false);
  const [issues, setIssues] = useState<FieldIssues<SettingsField>>({});
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Changes made elsewhere (the panel, an import) show up unless the user is editing.
  useEffect(() => {
    if (!dirty) setDraft(draftFromSettings(settings));
  }, [settings, dirty]);

  const edit = <K extends keyof SettingsDraft>(field: K, value: SettingsDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setDirty(true);
    setStatus(null);
    if (field in issues) setIssues((i) => ({ ...i, [field]: undefined }));
  };
  const text = (field: SettingsField) => (value: string) =>
    edit(field, value as SettingsDraft[typeof field]);

  const submit = async (event: Event) => {
    event.preventDefault();
    const checked = settingsFromDraft(draft, settings);
    if (!checked.ok) {
      setIssues(checked.issues);
      setStatus('Not saved: fix the fields marked below.');
      return;
    }
    setIssues({});
    setBusy(true);
    try {
      await deps.updateSettings((current) => {
        const again = settingsFromDraft(draft, current);
        return again.ok ? again.value : current;
      });
      setDirty(false);
      setStatus('Saved.');
    } catch (error) {
      setStatus(`Not saved: ${error instanceof Error ? error.message : 'storage refused'}.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="section" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <form onSubmit={submit} noValidate class="settings-form">
        <fieldset>
          <legend>Quick trade</legend>
          <TextField
            id="settings-presets"
            label="Buy presets ($)"
            value={draft.presets}
            onInput={text('presets')}
            error={issues.presets}
            hint="Up to 6 amounts, separated by commas: the panel's buy buttons."
            inputMode="decimal"
          />
          <div class="field">
            <label for="settings-order-type">Order type</label>
            <select
              id="settings-order-type"
              value={draft.orderType}
              onChange={(e) =>
                edit('orderType', (e.currentTarget as HTMLSelectElement).value as 'FOK' | 'FAK')
              }
            >
              <option value="FOK">FOK — all or nothing</option>
              <option value="FAK">FAK — fill what is there, cancel the rest</option>
            </select>
          </div>
          <TextField
            id="settings-slippage"
            label="Slippage cap (cents)"
            value={draft.slippageCents}
            onInput={text('slippageCents')}
            error={issues.slippageCents}
            hint="FAK limit = best price ± this; 0 to 20 cents."
            inputMode="decimal"
          />
          <TextField
            id="settings-confirm-above"
            label="Ask for a second click above ($)"
            value={draft.confirmAbove}
            onInput={text('confirmAbove')}
            error={issues.confirmAbove}
            hint="Orders bigger than this need a second click within 3 seconds; 0 confirms every order."
            inputMode="decimal"
          />
        </fieldset>
        <fieldset>
          <legend>Caps</legend>
          <TextField
            id="settings-max-notional"
            label="Largest order ($)"
            value={draft.maxOrderNotional}
            onInput={text('maxOrderNotional')}
            error={issues.maxOrderNotional}
            inputMode="decimal"
          />
          <TextField
            id="settings-max-per-minute"
            label="Orders per minute, at most"
            value={draft.maxOrdersPerMinute}
            onInput={text('maxOrdersPerMinute')}
            error={issues.maxOrdersPerMinute}
            inputMode="numeric"
          />
        </fieldset>
        <fieldset>
          <legend>Behaviour</legend>
          <label class="choice">
            <input
              type="checkbox"
              checked={draft.notifications}
              onChange={(e) => edit('notifications', (e.currentTarget as HTMLInputElement).checked)}
            />
            <span>Desktop notifications for fills, failures and released orders</span>
          </label>
          <TextField
            id="settings-auto-lock"
            label="Lock after this many idle minutes"
            value={draft.autoLockMinutes}
            onInput={text('autoLockMinutes')}
            error={issues.autoLockMinutes}
            inputMode="numeric"
          />
          <label class="choice">
            <input
              type="checkbox"
              checked={draft.shortcuts}
              onChange={(e) => edit('shortcuts', (e.currentTarget as HTMLInputElement).checked)}
            />
            <span>Keyboard shortcuts on market pages</span>
          </label>
          <p class="field-hint">
            The keys themselves are chosen in the browser's{' '}
            <button type="button" class="link" onClick={() => deps.openShortcutSettings()}>
              keyboard-shortcut settings
            </button>{' '}
            (Chrome: chrome://extensions/shortcuts; Firefox: Add-ons → ⚙ → Manage Extension
            Shortcuts).
          </p>
          <label class="choice">
            <input
              type="checkbox"
              id="settings-badges"
              checked={draft.badges}
              onChange={(e) => edit('badges', (e.currentTarget as HTMLInputElement).checked)}
            />
            <span>Position badges beside links to markets on the exchange's site</span>
          </label>
          <PanelSites sites={draft.panelSites} onChange={(next) => edit('panelSites', next)} />
          <PanelPlacements placements={settings.panel.placements} />
          <div class="field">
            <label for="settings-market-pages">Trade market pages from</label>
            <select
              id="settings-market-pages"
              value={draft.marketPages}
              onChange={(e) =>
                edit(
                  'marketPages',
                  (e.currentTarget as HTMLSelectElement).value as Settings['panel']['marketPages'],
                )
              }
            >
              <option value="both">The page panel and the side panel</option>
              <option value="page">The page panel</option>
              <option value="side">The side panel (no panel in the page)</option>
            </select>
          </div>
          <div class="field">
            <label for="settings-theme">Theme</label>
            <select
              id="settings-theme"
              value={draft.theme}
              onChange={(e) =>
                edit('theme', (e.currentTarget as HTMLSelectElement).value as Settings['theme'])
              }
            >
              <option value="system">Follow the system</option>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </select>
          </div>
        </fieldset>
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            Save settings
          </button>
          {dirty ? (
            <button
              type="button"
              onClick={() => {
                setDraft(draftFromSettings(settings));
                setDirty(false);
                setIssues({});
                setStatus(null);
              }}
            >
              Undo changes
            </button>
          ) : null}
          {status ? (
            <output class="status" aria-live="polite">
              {status}
            </output>
          ) : null}
        </div>
      </form>
      <ExtraSites settings={settings} />
      <SettingsTransfer settings={settings} />
    </section>
  );
}
