import { isTradeCommand } from '../../protocol/keyboard-commands';
import { PanelCommandMessage, PROTOCOL } from '../../protocol/panel-protocol';

export interface CommandRoute {
  /** The user's setting for the trading commands: off by default. */
  enabled(): boolean;
  activeTabId(): Promise<number | undefined>;
  /** Delivers to the tab's top frame, where the page panel runs. */
  sendToTab(tabId: number, message: PanelCommandMessage): Promise<void>;
}

/**
 * A keyboard command of the extension goes to the page panel of the tab it was pressed in
 * (else the active one); one that trades, only while the user has shortcuts on (folding
 * the panel trades nothing). Returns what was sent.
 */
export async function routePanelCommand(
  command: string,
  tabId: number | undefined,
  route: CommandRoute,
): Promise<PanelCommandMessage | null> {
  const name = PanelCommandMessage.shape.payload.shape.command.safeParse(command);
  if (!name.success) return null;
  if (isTradeCommand(name.data) && !route.enabled()) return null;
  const target = tabId ?? (await route.activeTabId());
  if (target === undefined) return null;
  const message: PanelCommandMessage = {
    protocol: PROTOCOL,
    name: 'panel.command',
    payload: { command: name.data },
  };
  await route.sendToTab(target, message);
  return message;
}
