/**
 * The page panel's trading commands (declared without default keys in `wxt.config.ts`; the
 * user binds them at chrome://extensions/shortcuts). The background forwards them to the
 * active tab's panel only while the `shortcuts.enabled` setting is on. Their names apart from
 * their descriptions: a market page's tab checks the names, and carries no description.
 */
export const TRADE_COMMANDS = ['buy-yes', 'buy-no', 'cancel-all'] as const;

export type TradeCommand = (typeof TRADE_COMMANDS)[number];

/** @public The manifest's descriptions (wxt.config.ts, which knip's production run does not read). */
export const PANEL_COMMANDS: Readonly<Record<TradeCommand, string>> = {
  'buy-yes': 'Buy YES at the first preset on this market',
  'buy-no': 'Buy NO at the first preset on this market',
  'cancel-all': 'Cancel all your orders on this market',
};

/** Folds the active tab's page panel to its bar, or opens a folded one (TOGGLE_PANEL_COMMAND). */
export const TOGGLE_PANEL = 'toggle-panel';

/**
 * The fold command as declared: forwarded whatever the shortcuts setting says, since it trades
 * nothing. Alt+Shift+O ("open"): Chromium keeps Alt+Shift+P for itself (a suggested
 * Alt+Shift+P is left unbound), O is no menu's access key in Firefox or Chromium, and
 * Alt+Shift+S is the side panel's. Read by the manifest (wxt.config.ts).
 * @public
 */
export const TOGGLE_PANEL_COMMAND = {
  name: TOGGLE_PANEL,
  description: 'Fold or open the page panel on this market',
  suggestedKey: 'Alt+Shift+O',
} as const;

/** Every command the background forwards to a tab's page panel. */
export type PanelCommand = TradeCommand | typeof TOGGLE_PANEL;
export const PANEL_COMMAND_NAMES: [PanelCommand, ...PanelCommand[]] = [
  TOGGLE_PANEL,
  ...TRADE_COMMANDS,
];

export function isPanelCommand(name: string): name is PanelCommand {
  return name === TOGGLE_PANEL || isTradeCommand(name);
}

/** A command that trades: forwarded only while the user has shortcuts on. */
export function isTradeCommand(name: string): name is TradeCommand {
  return (TRADE_COMMANDS as readonly string[]).includes(name);
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
