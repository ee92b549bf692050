import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commandFrom } from '../../../../components/panel/model/command-check';
import { TOGGLE_PANEL_COMMAND } from '../../../../lib/protocol/keyboard-commands';
import { PanelCommandMessage, PROTOCOL } from '../../../../lib/protocol/panel-protocol';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const command = (name: string) => ({
  protocol: PROTOCOL,
  name: 'panel.command',
  payload: { command: name },
});

describe('a keyboard command reaches the panel', () => {
  it('from our own background (our id, no tab)', () => {
    expect(commandFrom(command('buy-yes'), { id: ID }, ID)).toBe('buy-yes');
    expect(commandFrom(command('cancel-all'), { id: ID }, ID)).toBe('cancel-all');
    expect(commandFrom(command(TOGGLE_PANEL_COMMAND.name), { id: ID }, ID)).toBe(
      TOGGLE_PANEL_COMMAND.name,
    );
  });

  it('never from another extension', () => {
    expect(commandFrom(command('buy-yes'), { id: 'another-extension' }, ID)).toBeNull();
    expect(commandFrom(command('buy-yes'), {}, ID)).toBeNull();
  });

  it('never from a content script, ours in another tab included (it carries a tab)', () => {
    expect(commandFrom(command('buy-yes'), { id: ID, tab: { id: 7 } }, ID)).toBeNull();
  });

  it('never when the message is not a known command', () => {
    expect(commandFrom(command('sell-everything'), { id: ID }, ID)).toBeNull();
    expect(commandFrom({ ...command('buy-yes'), protocol: 'other/1' }, { id: ID }, ID)).toBeNull();
    expect(commandFrom('buy-yes', { id: ID }, ID)).toBeNull();
    expect(commandFrom(null, { id: ID }, ID)).toBeNull();
  });
});

describe('the hand check of a command message', () => {
  it('accepts exactly what the PanelCommandMessage schema accepts', () => {
    const near = fc.oneof(
      fc.constantFrom(PROTOCOL, 'panel.command', 'buy-yes', 'buy-no', 'cancel-all', 'toggle-panel'),
      fc.constantFrom('toString', '__proto__', 'constructor', 'BUY-YES', ''),
      fc.anything(),
    );
    const message = fc.oneof(
      fc.anything(),
      fc.record(
        {
          protocol: near,
          name: near,
          payload: fc.oneof(fc.record({ command: near }, { requiredKeys: [] }), near),
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(message, (raw) => {
        const parsed = PanelCommandMessage.safeParse(raw);
        expect(commandFrom(raw, { id: ID }, ID)).toBe(
          parsed.success ? parsed.data.payload.command : null,
        );
      }),
      { numRuns: 2_000 },
    );
  });
});
