import { parseDollarAmount } from '../../../lib/core/format/dollars';
import { formatScaled, fromRaw, parseScaled } from '../../../lib/core/orders/units';
import { Settings } from '../../../lib/core/settings/schema';
import { parseSitePattern } from '../../../lib/core/site/pattern';
import type { FieldIssues } from '../../common/field-issues';
import { type Checked, sentence } from '../../common/field-issues';

/** The settings as the form holds them: dollars and cents as typed, not raw units. */
export interface SettingsDraft {
  presets: string;
  orderType: Settings['quickTrade']['orderType'];
  slippageCents: string;
  confirmAbove: string;
  maxOrderNotional: string;
  maxOrdersPerMinute: string;
  notifications: boolean;
  autoLockMinutes: string;
  shortcuts: boolean;
  badges: boolean;
  /** Site origin → whether the page panel shows there. */
  panelSites: Record<string, boolean>;
  marketPages: Settings['panel']['marketPages'];
  theme: Settings['theme'];
}
export type SettingsField = Exclude<keyof SettingsDraft, 'panelSites'>;

export const MAX_PRESETS = 6;
export const MAX_SLIPPAGE_MILLIS = 200;

/** Every site the panel can run on: the exchange's own, the extra ones, and any switched off. */
export function panelSiteOrigins(settings: Settings): string[] {
  const origins: string[] = [];
  const main = parseSitePattern(settings.exchange.siteMarketPattern);
  if (main) origins.push(main.origin);
  for (const o of [...settings.extraSiteOrigins, ...settings.panel.disabledOrigins]) {
    if (!origins.includes(o)) origins.push(o);
  }
  return origins;
}

export function draftFromSettings(settings: Settings): SettingsDraft {
  const disabled = new Set(settings.panel.disabledOrigins);
  return {
    presets: settings.quickTrade.presets.map((raw) => fromRaw(BigInt(raw))).join(', '),
    orderType: settings.quickTrade.orderType,
    // Slippage is kept in price thousandths; a cent is ten of them.
    slippageCents: formatScaled(BigInt(settings.quickTrade.slippageMillis), 1),
    confirmAbove: fromRaw(BigInt(settings.quickTrade.confirmAboveRaw)),
    maxOrderNotional: fromRaw(BigInt(settings.caps.maxOrderNotionalRaw)),
    maxOrdersPerMinute: String(settings.caps.maxOrdersPerMinute),
    notifications: settings.notifications.enabled,
    autoLockMinutes: String(settings.autoLockMinutes),
    shortcuts: settings.shortcuts.enabled,
    badges: settings.badges.enabled,
    panelSites: Object.fromEntries(panelSiteOrigins(settings).map((o) => [o, !disabled.has(o)])),
    marketPages: settings.panel.marketPages,
    theme: settings.theme,
  };
}

function wholeNumber(text: string, min: number, max: number, what: string): number | string {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return `${what} must be a whole number.`;
  const n = Number(t);
  if (n < min || n > max) return `${what} must be between ${min} and ${max}.`;
  return n;
}

/**
 * The form over the current settings: each field checked where the user can fix it,
 * amounts converted exactly (dollars → raw), the rest of the settings kept as they are.
 */
export function settingsFromDraft(
  draft: SettingsDraft,
  base: Settings,
): Checked<Settings, SettingsField> {
  const issues: FieldIssues<SettingsField> = {};

  const presetTexts = draft.presets
    .split(/[\s;]+|,\s*/)
    .map((s) => s.trim())
    .filter(Boolean);
  const presets: string[] = [];
  if (presetTexts.length === 0) issues.presets = 'Enter at least one preset amount.';
  else if (presetTexts.length > MAX_PRESETS) issues.presets = `At most ${MAX_PRESETS} presets.`;
  else {
    for (const text of presetTexts) {
      const amount = parseDollarAmount(text);
      if (!amount.ok) {
        issues.presets = `“${text}”: ${amount.message}`;
        break;
      }
      presets.push(amount.raw.toString());
    }
  }

  let slippageMillis = 0;
  try {
    const millis = parseScaled(draft.slippageCents.trim() || 'x', 1, 'slippage');
    if (millis < 0n || millis > BigInt(MAX_SLIPPAGE_MILLIS)) {
      issues.slippageCents = `The slippage cap must be between 0 and ${MAX_SLIPPAGE_MILLIS / 10} cents.`;
    } else slippageMillis = Number(millis);
  } catch {
    issues.slippageCents =
      'Enter the slippage cap in cents, with at most one decimal, like 2 or 2.5.';
  }

  // Zero means: confirm every order.
  const confirm = parseDollarAmount(draft.confirmAbove, { allowZero: true });
  if (!confirm.ok) issues.confirmAbove = confirm.message;
  const cap = parseDollarAmount(draft.maxOrderNotional);
  if (!cap.ok) issues.maxOrderNotional = cap.message;

  const perMinute = wholeNumber(draft.maxOrdersPerMinute, 1, 600, 'Orders per minute');
  if (typeof perMinute === 'string') issues.maxOrdersPerMinute = perMinute;
  const autoLock = wholeNumber(draft.autoLockMinutes, 1, 24 * 60, 'Auto-lock minutes');
  if (typeof autoLock === 'string') issues.autoLockMinutes = autoLock;

  if (Object.keys(issues).length > 0 || !confirm.ok || !cap.ok) return { ok: false, issues };

  // A site removed while the form was open is not kept as "switched off".
  const known = new Set(panelSiteOrigins(base));
  const disabledOrigins = Object.entries(draft.panelSites)
    .filter(([origin, shown]) => !shown && known.has(origin))
    .map(([origin]) => origin);
  const candidate: Settings = {
    ...base,
    quickTrade: {
      ...base.quickTrade,
      presets,
      slippageMillis,
      confirmAboveRaw: confirm.raw.toString(),
      orderType: draft.orderType,
    },
    caps: {
      maxOrderNotionalRaw: cap.raw.toString(),
      maxOrdersPerMinute: perMinute as number,
    },
    notifications: { enabled: draft.notifications },
    autoLockMinutes: autoLock as number,
    shortcuts: { enabled: draft.shortcuts },
    badges: { enabled: draft.badges },
    panel: { ...base.panel, disabledOrigins, marketPages: draft.marketPages },
    theme: draft.theme,
  };
  const parsed = Settings.safeParse(candidate);
  if (!parsed.success) {
    return { ok: false, issues: { presets: sentence(parsed.error.issues[0]?.message ?? '') } };
  }
  return { ok: true, value: parsed.data };
}
