import { describe, expect, it } from 'vitest';
import {
  connectionLine,
  modeBanner,
  subAccountLabel,
} from '../../../components/popup/header-lines';

describe('connectionLine', () => {
  it('says live, locked, or reconnecting with the time of the next attempt', () => {
    expect(
      connectionLine('unlocked', { status: 'live', authenticated: true, since: 1 }, true),
    ).toMatchObject({
      tone: 'live',
      label: 'Live',
    });
    expect(
      connectionLine('locked', { status: 'live', authenticated: false, since: 1 }, true),
    ).toMatchObject({
      tone: 'locked',
      label: 'Locked',
    });
    const at = Date.parse('2026-11-22T08:00:05.000Z');
    expect(
      connectionLine(
        'unlocked',
        {
          status: 'reconnecting',
          authenticated: true,
          attempt: 2,
          nextAttemptAt: at,
          reason: 'transport close',
        },
        true,
      ),
    ).toMatchObject({
      tone: 'pending',
      label: 'Reconnecting',
      nextAttemptAt: '2026-11-22T08:00:05.000Z',
    });
  });

  it('says reconnecting while the background itself is away', () => {
    expect(
      connectionLine('unlocked', { status: 'live', authenticated: true, since: 1 }, false).label,
    ).toBe('Reconnecting');
  });

  it('says the exchange refused, in its words, with the next attempt', () => {
    const at = Date.parse('2026-11-24T10:00:05.000Z');
    expect(
      connectionLine(
        'unlocked',
        {
          status: 'error',
          reason: 'The exchange refused the connection: bad token',
          attempt: 2,
          nextAttemptAt: at,
        },
        true,
      ),
    ).toEqual({
      tone: 'offline',
      label: 'Refused',
      nextAttemptAt: '2026-11-24T10:00:05.000Z',
      detail: 'The exchange refused the connection: bad token',
    });
    expect(connectionLine('unlocked', { status: 'error', reason: 'x' }, true).nextAttemptAt).toBe(
      null,
    );
  });

  it('says in words that the exchange is not answering, even while the socket looks live', () => {
    const badge = connectionLine(
      'unlocked',
      { status: 'live', authenticated: true, since: 1 },
      true,
      { status: 'down', since: 2, detectedAt: 3, lastAnsweredAt: 1, reason: 'fetch failed' },
    );
    expect(badge).toEqual({
      tone: 'offline',
      label: 'Exchange not answering',
      nextAttemptAt: null,
      detail: 'No answer from the exchange (fetch failed); trading is paused until it is back.',
    });
  });
});

describe('modeBanner', () => {
  it('has no banner while trading is normal or unknown', () => {
    expect(modeBanner(null)).toBeNull();
    expect(
      modeBanner({ mode: 'normal', resumeAt: null, restrictions: [], checkedAt: 0 }),
    ).toBeNull();
  });

  it('names the mode and when trading resumes', () => {
    expect(
      modeBanner({
        mode: 'cancel_only',
        resumeAt: '2026-11-22T09:00:00.000Z',
        restrictions: [],
        checkedAt: 0,
      }),
    ).toMatchObject({ title: 'Cancel-only', resumeAt: '2026-11-22T09:00:00.000Z' });
  });

  it('says so plainly when the exchange reports a mode this version does not know', () => {
    expect(
      modeBanner({ mode: 'UNRECOGNIZED', resumeAt: null, restrictions: [], checkedAt: 0 }),
    ).toMatchObject({
      mode: 'UNRECOGNIZED',
      title: 'Unusual trading mode',
      text: expect.stringMatching(/does not know; it may refuse some orders/),
    });
  });
});

describe('subAccountLabel', () => {
  it('uses the display name, else the short wallet', () => {
    const account = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
    expect(subAccountLabel({ id: 1, account, displayName: 'Desk 1' })).toBe('Desk 1');
    expect(subAccountLabel({ id: 1, account, displayName: null })).toBe('0x3C44…93BC');
  });
});
