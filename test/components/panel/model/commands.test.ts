import { describe, expect, it } from 'vitest';
import { commandFrom } from '../../../../components/panel/model/commands';
import { PROTOCOL } from '../../../../lib/protocol/panel-protocol';

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
