import { describe, expect, it } from 'vitest';
import { toFrameFrom, toHostFrom } from '../../../../components/panel/framed/host-link';

const placement = { corner: 'top-left', offset: { x: 16, y: 24 } };

describe('what the host tells the framed panel', () => {
  it('takes each well-formed message as it is', () => {
    expect(toFrameFrom({ t: 'market', slug: 'btc' })).toEqual({ t: 'market', slug: 'btc' });
    expect(toFrameFrom({ t: 'placement', placement, collapsed: true, save: true })).toEqual({
      t: 'placement',
      placement,
      collapsed: true,
      save: true,
    });
    expect(toFrameFrom({ t: 'view', size: { width: 1280, height: 800 } })).toEqual({
      t: 'view',
      size: { width: 1280, height: 800 },
    });
    expect(toFrameFrom({ t: 'command', command: 'buy-yes' })).toMatchObject({ t: 'command' });
    expect(toFrameFrom({ t: 'command', command: 'toggle-panel' })).toEqual({
      t: 'command',
      command: 'toggle-panel',
    });
    for (const look of ['legible', 'hidden', 'faded', 'small']) {
      expect(toFrameFrom({ t: 'host', moved: true, look })).toEqual({
        t: 'host',
        moved: true,
        look,
      });
    }
  });

  it('saves a placement only when told to in so many words', () => {
    expect(toFrameFrom({ t: 'placement', placement, collapsed: false, save: 'yes' })).toMatchObject(
      { save: false },
    );
  });

  it('drops anything else: unknown kinds, commands, corners, and numbers that are not numbers', () => {
    for (const raw of [
      null,
      'market',
      { t: 'market', slug: '' },
      { t: 'market', slug: 7 },
      { t: 'command', command: 'withdraw-everything' },
      { t: 'command', command: 'toString' },
      { t: 'placement', placement: { ...placement, corner: 'middle' }, collapsed: false },
      {
        t: 'placement',
        placement: { corner: 'top-left', offset: { x: '1', y: 2 } },
        collapsed: false,
      },
      { t: 'placement', placement, collapsed: 'no' },
      { t: 'view', size: { width: Number.NaN, height: 800 } },
      { t: 'view', size: { width: -1, height: 800 } },
      { t: 'size', size: { width: 1, height: 1 } },
      { t: 'host', moved: 'yes', look: 'legible' },
      { t: 'host', moved: false, look: 'unwatched' },
      { t: 'host', moved: false },
    ]) {
      expect(toFrameFrom(raw)).toBeNull();
    }
  });
});

describe('what the framed panel tells its host', () => {
  it('takes sizes, placements and drags', () => {
    expect(toHostFrom({ t: 'size', size: { width: 320, height: 400 } })).toEqual({
      t: 'size',
      size: { width: 320, height: 400 },
    });
    expect(toHostFrom({ t: 'placement', placement, collapsed: false })).toEqual({
      t: 'placement',
      placement,
      collapsed: false,
    });
    for (const phase of ['start', 'move', 'end', 'cancel']) {
      expect(toHostFrom({ t: 'drag', phase, x: 10.5, y: -3 })).toEqual({
        t: 'drag',
        phase,
        x: 10.5,
        y: -3,
      });
    }
    expect(toHostFrom({ t: 'reach', on: true })).toEqual({ t: 'reach', on: true });
    expect(toHostFrom({ t: 'reach', on: false })).toEqual({ t: 'reach', on: false });
  });

  it('drops malformed ones', () => {
    for (const raw of [
      { t: 'drag', phase: 'fling', x: 1, y: 1 },
      { t: 'drag', phase: 'move', x: Number.POSITIVE_INFINITY, y: 1 },
      { t: 'size', size: { width: 320 } },
      { t: 'market', slug: 'btc' },
      { t: 'reach', on: 1 },
      [],
    ]) {
      expect(toHostFrom(raw)).toBeNull();
    }
  });
});
