import type { PanelCommand } from '../../../lib/protocol/commands';
import { PanelCommandMessage } from '../../../lib/protocol/panel-protocol';

/** The parts of `runtime.MessageSender` the check reads. */
export interface CommandSender {
  id?: string;
  tab?: unknown;
}

/**
 * The keyboard command a runtime message carries, when it comes from our own background:
 * same extension id and no tab (a message from a content script, ours in another tab
 * included, carries its tab). Anything else is not a command, whatever it says.
 */
export function commandFrom(
  message: unknown,
  sender: CommandSender,
  extensionId: string,
): PanelCommand | null {
  if (sender.id !== extensionId || sender.tab) return null;
  const parsed = PanelCommandMessage.safeParse(message);
  return parsed.success ? parsed.data.payload.command : null;
}
