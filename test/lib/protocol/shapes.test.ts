import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PanelPortMessage } from '../../../lib/protocol/panel-views';
import { isPanelPortMessage, isStatePortMessage } from '../../../lib/protocol/shapes';
import { StatePortMessage } from '../../../lib/protocol/views';
import { appSnapshot, panelState } from './fixtures';

/** Values near the real messages: the fixtures, with a field dropped or replaced. */
function near(valid: Record<string, unknown>) {
  const keys = Object.keys(valid);
  return fc.oneof(
    fc.constant(valid),
    fc
      .tuple(fc.constantFrom(...keys), fc.anything())
      .map(([key, value]) => ({ ...valid, [key]: value })),
    fc.constantFrom(...keys).map((key) => {
      const copy = { ...valid };
      delete copy[key];
      return copy;
    }),
    fc.anything(),
  );
}

describe('what a UI accepts from its port', () => {
  it("accepts every panel message the schema accepts, and only the panel's topic", () => {
    const message = fc.record({
      topic: fc.oneof(fc.constantFrom('panel', 'snapshot', 'patch'), fc.anything()),
      data: near(panelState()),
    });
    fc.assert(
      fc.property(fc.oneof(message, fc.anything()), (raw) => {
        if (PanelPortMessage.safeParse(raw).success) expect(isPanelPortMessage(raw)).toBe(true);
        if (isPanelPortMessage(raw)) expect((raw as { topic: unknown }).topic).toBe('panel');
      }),
      { numRuns: 2_000 },
    );
    expect(isPanelPortMessage({ topic: 'panel', data: panelState() })).toBe(true);
    expect(isPanelPortMessage({ topic: 'snapshot', data: panelState() })).toBe(false);
    expect(isPanelPortMessage({ topic: 'panel', data: null })).toBe(false);
    expect(isPanelPortMessage({ topic: 'panel', data: [] })).toBe(false);
  });

  it('accepts every state message the schema accepts, snapshot and patch', () => {
    const message = fc.record({
      topic: fc.oneof(fc.constantFrom('panel', 'snapshot', 'patch'), fc.anything()),
      data: near(appSnapshot()),
    });
    fc.assert(
      fc.property(fc.oneof(message, fc.anything()), (raw) => {
        if (StatePortMessage.safeParse(raw).success) expect(isStatePortMessage(raw)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
    expect(isStatePortMessage({ topic: 'snapshot', data: appSnapshot() })).toBe(true);
    expect(isStatePortMessage({ topic: 'patch', data: { books: {} } })).toBe(true);
    expect(isStatePortMessage({ topic: 'panel', data: appSnapshot() })).toBe(false);
    expect(isStatePortMessage('snapshot')).toBe(false);
  });
});
