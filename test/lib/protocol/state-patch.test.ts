import { describe, expect, it } from 'vitest';
import { Positions } from '../../../lib/core/api/portfolio';
import { applyStatePatch } from '../../../lib/protocol/state-patch';
import { clobEntry, positionsInput } from '../../components/popup/fixtures';
import { appSnapshot } from './fixtures';

const positions = Positions.parse(positionsInput());
const mark = { yes: null, no: null };
const held = appSnapshot({
  portfolio: { positions, fetchedAt: 1, error: null, marks: { a: mark, b: mark } },
});

describe('applyStatePatch', () => {
  it('keeps every entry and mark the patch leaves alone as the same object', () => {
    const moved = clobEntry('moved', 'Moved');
    const next = applyStatePatch(held, {
      portfolio: { clob: { 1: moved }, marks: { b: { yes: null, no: null } } },
    });
    const clob = next.portfolio.positions?.clob ?? [];
    expect(clob[1]).toBe(moved);
    expect(clob[0]).toBe(positions.clob[0]);
    expect(clob.slice(2)).toEqual(positions.clob.slice(2));
    clob.slice(2).forEach((entry, i) => {
      expect(entry).toBe(positions.clob[i + 2]);
    });
    expect(next.portfolio.positions?.amm).toBe(positions.amm);
    expect(next.portfolio.marks?.a).toBe(mark);
    expect(next.portfolio.marks?.b).not.toBe(mark);
    expect(next.settings).toBe(held.settings);
    // The state held is not changed: the UI's last render still reads it.
    expect(held.portfolio.positions?.clob[1]).toBe(positions.clob[1]);
  });

  it('drops a mark the patch says is gone, and takes a whole portfolio as it comes', () => {
    expect(applyStatePatch(held, { portfolio: { marks: { a: null } } }).portfolio.marks).toEqual({
      b: mark,
    });
    const whole = { positions: null, fetchedAt: 2, error: null };
    expect(applyStatePatch(held, { portfolio: { whole } }).portfolio).toBe(whole);
  });

  it('refuses an entry beyond its list: the patch was made for another state', () => {
    const beyond = positions.clob.length;
    expect(() =>
      applyStatePatch(held, { portfolio: { clob: { [beyond]: clobEntry('x', 'X') } } }),
    ).toThrow(`position ${beyond} of a list of ${beyond}`);
  });
});
