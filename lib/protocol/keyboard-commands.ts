/**
 * The extension's keyboard commands for the page panel (declared without default keys in
 * `wxt.config.ts`; the user binds them at chrome://extensions/shortcuts). The background
 * forwards them to the active tab's panel only while the `shortcuts.enabled` setting is on.
 */
export const PANEL_COMMANDS = {
  'buy-yes': 'Buy YES at the first preset on this market',
  'buy-no': 'Buy NO at the first preset on this market',
  'cancel-all': 'Cancel all your orders on this market',
} as const;

export type PanelCommand = keyof typeof PANEL_COMMANDS;
export const PANEL_COMMAND_NAMES = Object.keys(PANEL_COMMANDS) as [PanelCommand, ...PanelCommand[]];

/** The button a buy command presses (the first preset of that outcome). */
export function commandButtonKey(command: PanelCommand): string | null {
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
