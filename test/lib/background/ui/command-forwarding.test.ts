import { describe, expect, it } from 'vitest';
import {
  type CommandRoute,
  routePanelCommand,
} from '../../../../lib/background/ui/command-forwarding';
import { PANEL_COMMANDS, TOGGLE_PANEL_COMMAND } from '../../../../lib/protocol/keyboard-commands';

function route(enabled: boolean, activeTab: number | null = 9) {
  const sent: { tabId: number; message: unknown }[] = [];
  const r: CommandRoute = {
    enabled: () => enabled,
    activeTabId: async () => activeTab ?? undefined,
    sendToTab: async (tabId, message) => {
      sent.push({ tabId, message });
    },
  };
  return { r, sent };
}

const command = Object.keys(PANEL_COMMANDS)[0] ?? '';

describe('routePanelCommand', () => {
  it('sends nothing while shortcuts are off (the default)', async () => {
    const { r, sent } = route(false);
    expect(await routePanelCommand(command, 4, r)).toBeNull();
    expect(sent).toEqual([]);
  });

  it('sends nothing that trades while shortcuts are off: every trading command', async () => {
    const { r, sent } = route(false);
    for (const name of Object.keys(PANEL_COMMANDS)) {
      expect(await routePanelCommand(name, 4, r)).toBeNull();
    }
    expect(sent).toEqual([]);
  });

  it('sends the fold shortcut whatever the setting says: it trades nothing', async () => {
    for (const enabled of [false, true]) {
      const { r, sent } = route(enabled);
      await routePanelCommand(TOGGLE_PANEL_COMMAND.name, 4, r);
      await routePanelCommand(TOGGLE_PANEL_COMMAND.name, undefined, r);
      expect(sent.map((s) => s.tabId)).toEqual([4, 9]);
      expect(sent[0]?.message).toEqual({
        protocol: expect.any(String),
        name: 'panel.command',
        payload: { command: TOGGLE_PANEL_COMMAND.name },
      });
    }
  });

  it('sends the command to the tab it was pressed in, else to the active tab', async () => {
    const { r, sent } = route(true);
    await routePanelCommand(command, 4, r);
    await routePanelCommand(command, undefined, r);
    expect(sent.map((s) => s.tabId)).toEqual([4, 9]);
    expect(sent[0]?.message).toMatchObject({ name: 'panel.command', payload: { command } });
  });

  it('ignores a command that is not one of the panel’s, and a press with no tab', async () => {
    const { r, sent } = route(true, null);
    expect(await routePanelCommand('_execute_action', 4, r)).toBeNull();
    expect(await routePanelCommand(command, undefined, r)).toBeNull();
    expect(sent).toEqual([]);
  });
});
