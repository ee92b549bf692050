import { describe, expect, it } from 'vitest';
import { classifySender, senderAllowed } from '../../../lib/protocol/sender';
import {
  EXTENSION_ID,
  EXTENSION_ORIGIN,
  firefoxPolicy,
  MARKET_PAGE,
  policy,
  SENDERS,
  SITE_ORIGIN,
} from './fixtures';

describe('classifySender', () => {
  it.each(Object.entries(SENDERS))('classifies %s', (_label, { sender, kind }) => {
    expect(classifySender(sender, policy).kind).toBe(kind ?? 'refused');
  });

  it('reads the origin from the URL when the sender gives none (older Chromium, Firefox)', () => {
    expect(
      classifySender({ id: EXTENSION_ID, url: MARKET_PAGE, frameId: 0, tab: { id: 1 } }, policy),
    ).toEqual({ kind: 'content', tabId: 1, origin: SITE_ORIGIN, url: MARKET_PAGE });
    expect(
      classifySender({ id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}/popup.html` }, policy),
    ).toEqual({
      kind: 'page',
    });
  });

  it('reads the origin from the URL when the sender says "null"', () => {
    const verdict = classifySender(
      { id: EXTENSION_ID, url: MARKET_PAGE, origin: 'null', frameId: 0, tab: { id: 1 } },
      policy,
    );
    expect(verdict.kind).toBe('content');
  });

  it("speaks for the page panel's frame with its tab's page: that URL is what the market checks read", () => {
    const framed = SENDERS["our page panel's frame in a tab of the exchange site"];
    if (!framed) throw new Error('no such sender in the fixtures');
    const verdict = classifySender(framed.sender, policy);
    expect(verdict).toEqual({
      kind: 'panel-frame',
      tabId: 7,
      origin: SITE_ORIGIN,
      url: MARKET_PAGE,
    });
  });

  it('refuses a sender with neither origin nor URL', () => {
    expect(classifySender({ id: EXTENSION_ID }, policy)).toEqual({
      kind: 'refused',
      reason: 'sender has no origin',
    });
  });

  it('refuses a sender without an id, or with an unreadable URL', () => {
    expect(classifySender({ url: `${EXTENSION_ORIGIN}/popup.html` }, policy).kind).toBe('refused');
    expect(classifySender({ id: EXTENSION_ID, url: 'not a url' }, policy).kind).toBe('refused');
  });

  it('refuses a site page that is not in a tab, or in a tab without an id', () => {
    expect(
      classifySender({ id: EXTENSION_ID, url: MARKET_PAGE, frameId: 0 }, policy),
    ).toMatchObject({
      kind: 'refused',
      reason: 'not from a tab',
    });
    expect(
      classifySender({ id: EXTENSION_ID, url: MARKET_PAGE, frameId: 0, tab: {} }, policy).kind,
    ).toBe('refused');
  });

  it('refuses a site frame whose frame id is unknown', () => {
    expect(
      classifySender(
        { id: EXTENSION_ID, url: MARKET_PAGE, tab: { id: 1, url: MARKET_PAGE } },
        policy,
      ),
    ).toMatchObject({ kind: 'refused', reason: 'not from the top frame' });
  });

  it('refuses our page framed inside another of our pages (only a top-level tab counts)', () => {
    expect(
      classifySender(
        {
          id: EXTENSION_ID,
          url: `${EXTENSION_ORIGIN}/popup.html`,
          frameId: 2,
          tab: { id: 3, url: `${EXTENSION_ORIGIN}/options.html` },
        },
        policy,
      ).kind,
    ).toBe('refused');
  });

  it('refuses a look-alike site origin (another port or scheme)', () => {
    for (const origin of [
      'http://127.0.0.1:4012',
      'https://127.0.0.1:4011',
      'http://localhost:4011',
    ]) {
      const url = `${origin}/markets/x`;
      expect(
        classifySender({ id: EXTENSION_ID, url, origin, frameId: 0, tab: { id: 1, url } }, policy)
          .kind,
      ).toBe('refused');
    }
  });
});

describe('senderAllowed', () => {
  const content = { kind: 'content', tabId: 1, origin: SITE_ORIGIN, url: MARKET_PAGE } as const;
  const frame = { ...content, kind: 'panel-frame' } as const;

  it('allows a verdict whose kind is listed, and never a refusal', () => {
    expect(senderAllowed({ kind: 'page' }, ['page'], policy)).toBe(true);
    expect(senderAllowed({ kind: 'page' }, ['content'], policy)).toBe(false);
    expect(senderAllowed(content, ['content'], policy)).toBe(true);
    expect(senderAllowed({ kind: 'refused', reason: 'x' }, ['page', 'content'], policy)).toBe(
      false,
    );
  });

  it('reads `panel` as the panel frame in Chromium and as the content script in Firefox', () => {
    expect(senderAllowed(frame, ['panel'], policy)).toBe(true);
    expect(senderAllowed(content, ['panel'], policy)).toBe(false);
    expect(senderAllowed(content, ['panel'], firefoxPolicy)).toBe(true);
    expect(senderAllowed(frame, ['panel'], firefoxPolicy)).toBe(false);
    expect(senderAllowed({ kind: 'page' }, ['panel'], policy)).toBe(false);
  });
});
