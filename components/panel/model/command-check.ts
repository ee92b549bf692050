import { isPanelCommand, type PanelCommand } from '../../../lib/protocol/keyboard-commands';
import { PROTOCOL } from '../../../lib/protocol/names';
import type { PanelCommandMessage } from '../../../lib/protocol/panel-protocol';
import { isRecord } from '../../../lib/protocol/shapes';

/** The parts of `runtime.MessageSender` the check reads. */
export interface CommandSender {
  id?: string;
  tab?: unknown;
}

/**
 * The keyboard command a runtime message carries, when it comes from our own background:
 * same extension id and no tab (a message from a content script, ours in another tab
 * included, carries its tab). Anything else is not a command, whatever it says. The shape
 * is `PanelCommandMessage`, checked by hand: a market page's tab carries no schema library
 * (test/components/panel/model/command-check.test.ts holds the check to the schema).
 */
export function commandFrom(
  message: unknown,
  sender: CommandSender,
  extensionId: string,
): PanelCommand | null {
  if (sender.id !== extensionId || sender.tab) return null;
  if (!isRecord(message) || message.protocol !== PROTOCOL || message.name !== 'panel.command')
    return null;
  const payload = message.payload;
  if (!isRecord(payload) || typeof payload.command !== 'string') return null;
  if (!isPanelCommand(payload.command)) return null;
  const command: PanelCommandMessage['payload']['command'] = payload.command;
  return command;
}
