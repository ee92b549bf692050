import { describe, expect, it } from 'vitest';
import { classifySender } from '../../../lib/protocol/sender';
import { EXTENSION_ID, MARKET_PAGE, policy, SITE_ORIGIN } from './fixtures';

// Seen in Chromium (test/e2e/panel/trade.test.ts): after `history.pushState` the content
// script's `sender.url` is still the URL the document was loaded with; `sender.tab.url`
// is the new one.
const MOVED = `${SITE_ORIGIN}/markets/sandbox-eth-flip`;

describe('classifySender on a single-page site', () => {
  it("takes the page's current URL from the tab after pushState", () => {
    const verdict = classifySender(
      {
        id: EXTENSION_ID,
        url: MARKET_PAGE,
        origin: SITE_ORIGIN,
        frameId: 0,
        tab: { id: 3, url: MOVED },
      },
      policy,
    );
    expect(verdict).toEqual({ kind: 'content', tabId: 3, origin: SITE_ORIGIN, url: MOVED });
  });

  it("keeps the sender's URL when the tab's is hidden or belongs to another origin", () => {
    const hidden = classifySender(
      { id: EXTENSION_ID, url: MARKET_PAGE, origin: SITE_ORIGIN, frameId: 0, tab: { id: 3 } },
      policy,
    );
    expect(hidden).toMatchObject({ kind: 'content', url: MARKET_PAGE });
    const elsewhere = classifySender(
      {
        id: EXTENSION_ID,
        url: MARKET_PAGE,
        origin: SITE_ORIGIN,
        frameId: 0,
        tab: { id: 3, url: 'https://elsewhere.example/markets/sandbox-eth-flip' },
      },
      policy,
    );
    expect(elsewhere).toMatchObject({ kind: 'content', url: MARKET_PAGE });
  });
});
