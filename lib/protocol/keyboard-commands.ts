/**
 * The page panel's trading commands (declared without default keys in `wxt.config.ts`; the
 * user binds them at chrome://extensions/shortcuts). The background forwards them to the
 * active tab's panel only while the `shortcuts.enabled` setting is on.
 */
export const PANEL_COMMANDS = {
  'buy-yes': 'Buy YES at the first preset on this market',
  'buy-no': 'Buy NO at the first preset on this market',
  'cancel-all': 'Cancel all your orders on this market',
} as const;

export type TradeCommand = keyof typeof PANEL_COMMANDS;

/**
 * Folds the active tab's page panel to its bar, or opens a folded one, as the header's
 * collapse button does. Forwarded whatever the shortcuts setting says: it trades nothing.
 * Alt+Shift+O ("open"): Chromium keeps Alt+Shift+P for itself (a suggested Alt+Shift+P is
 * left unbound), O is no menu's access key in Firefox or Chromium, and Alt+Shift+S is the
 * side panel's.
 */
export const TOGGLE_PANEL_COMMAND = {
  name: 'toggle-panel',
  description: 'Fold or open the page panel on this market',
  suggestedKey: 'Alt+Shift+O',
} as const;

/** Every command the background forwards to a tab's page panel. */
export type PanelCommand = TradeCommand | typeof TOGGLE_PANEL_COMMAND.name;
export const PANEL_COMMAND_NAMES: [PanelCommand, ...PanelCommand[]] = [
  TOGGLE_PANEL_COMMAND.name,
  ...(Object.keys(PANEL_COMMANDS) as TradeCommand[]),
];

export function isPanelCommand(name: string): name is PanelCommand {
  return name === TOGGLE_PANEL_COMMAND.name || isTradeCommand(name);
}

/** A command that trades: forwarded only while the user has shortcuts on. */
export function isTradeCommand(name: string): name is TradeCommand {
  return Object.hasOwn(PANEL_COMMANDS, name);
}

/** The button a buy command presses (the first preset of that outcome). */
export function commandButtonKey(command: TradeCommand): string | null {
  if (command === 'buy-yes') return 'BUY:YES:0';
  if (command === 'buy-no') return 'BUY:NO:0';
  return null;
}

/**
 * The keyboard command that opens the side panel of the window it is pressed in (Alt+Shift+S
 * unless the user binds another). Handled by the background in both browsers, whatever the
 * shortcuts setting says: it opens our own page and trades nothing.
 */
export const SIDE_PANEL_COMMAND = {
  name: 'open-side-panel',
  description: 'Open the Market Companion side panel',
  suggestedKey: 'Alt+Shift+S',
} as const;
