import { describe, expect, it } from 'vitest';
import { pressRefusal } from '../../../../components/panel/model/trust';
import {
  commandButtonKey,
  isTradeCommand,
  PANEL_COMMAND_NAMES,
  TOGGLE_PANEL_COMMAND,
} from '../../../../lib/protocol/keyboard-commands';

describe('pressRefusal', () => {
  it('drops a synthetic (untrusted) press silently, whatever the visibility', () => {
    expect(pressRefusal({ isTrusted: false }, 'visible')).toEqual({ silent: true });
    expect(pressRefusal({ isTrusted: false }, 'unknown')).toEqual({ silent: true });
  });

  it('refuses a real click on a panel the page covers or hides, with a sentence', () => {
    expect(pressRefusal({ isTrusted: true }, 'obscured')).toEqual({
      silent: false,
      message: expect.stringMatching(/covers or hides this panel/),
    });
  });

  it("lets the user's own click through when visible or when the browser cannot tell", () => {
    expect(pressRefusal({ isTrusted: true }, 'visible')).toBeNull();
    expect(pressRefusal({ isTrusted: true }, 'unknown')).toBeNull();
  });
});

describe('panel commands', () => {
  it('press the first preset of an outcome, or cancel all', () => {
    expect(PANEL_COMMAND_NAMES.filter(isTradeCommand)).toEqual(['buy-yes', 'buy-no', 'cancel-all']);
    // The one that trades nothing: folding the panel.
    expect(PANEL_COMMAND_NAMES.filter((name) => !isTradeCommand(name))).toEqual([
      TOGGLE_PANEL_COMMAND.name,
    ]);
    expect(commandButtonKey('buy-yes')).toBe('BUY:YES:0');
    expect(commandButtonKey('buy-no')).toBe('BUY:NO:0');
    expect(commandButtonKey('cancel-all')).toBeNull();
  });
});
