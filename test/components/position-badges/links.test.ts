// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { marketLinkFinder } from '../../../components/position-badges/links';
import { DEFAULT_SETTINGS } from '../../../lib/core/settings/defaults';
import { marketPagePatterns } from '../../../lib/core/site/market-pages';

const SITE = 'http://127.0.0.1:4011';
const patterns = marketPagePatterns({
  exchange: { ...DEFAULT_SETTINGS.exchange, siteMarketPattern: `${SITE}/markets/:slug` },
  extraSiteOrigins: ['https://mirror.example'],
});

describe('which links open a market page', () => {
  it("reads the market from a link's URL by the site's pattern, extra sites included", () => {
    const { slugOf } = marketLinkFinder(patterns);
    expect(slugOf(`${SITE}/markets/btc-100k`)).toBe('btc-100k');
    expect(slugOf(`${SITE}/markets/btc-100k/?tab=book#top`)).toBe('btc-100k');
    expect(slugOf('https://mirror.example/markets/eth-flip')).toBe('eth-flip');
    expect(slugOf(`${SITE}/`)).toBeNull();
    expect(slugOf(`${SITE}/markets/`)).toBeNull();
    expect(slugOf(`${SITE}/portfolio/btc-100k`)).toBeNull();
    expect(slugOf('https://elsewhere.example/markets/btc-100k')).toBeNull();
    expect(slugOf('javascript:alert(1)')).toBeNull();
    expect(slugOf('not a url')).toBeNull();
  });

  it('finds relative and absolute links to the markets asked for, and no others', () => {
    document.body.innerHTML = `
      <a id="rel" href="/markets/btc-100k">BTC</a>
      <a id="abs" href="${SITE}/markets/eth-flip">ETH</a>
      <a id="other" href="/markets/not-held">Other</a>
      <a id="home" href="/">Home</a>
      <a id="nohref">No href</a>
      <div><a id="nested" href="/markets/btc-100k"><span>again</span></a></div>`;
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${SITE}/`);
    const found = marketLinkFinder(patterns).find(document, new Set(['btc-100k', 'eth-flip']));
    expect(found.map((l) => [l.element.id, l.slug])).toEqual([
      ['rel', 'btc-100k'],
      ['abs', 'eth-flip'],
      ['nested', 'btc-100k'],
    ]);
  });
});
