// @vitest-environment happy-dom
import { act, cleanup } from '@testing-library/preact';
import { afterEach, expect, it, vi } from 'vitest';
import { SLUG } from '../panel/model/fixtures';
import { snapshot } from '../popup/fixtures';
import { openSidePanel, SITE, UNREAD } from './harness';

// A file of its own: the page panel's styles, once added, stay for the page's life. Tests
// load style sheets as empty text; this one is given a rule to look for.
vi.mock('../../../components/panel/panel.css?inline', () => ({ default: '.mc-panel {}' }));

const panelRulesIn = () =>
  [...document.head.querySelectorAll('style')].filter((style) =>
    style.textContent?.includes('.mc-panel'),
  ).length;

afterEach(cleanup);

it("draws the positions without the page panel's styles, and brings them once with its market's controls", async () => {
  const { tabUrl } = openSidePanel(snapshot(), UNREAD);
  expect(document.querySelector('.card')).not.toBeNull();
  expect(panelRulesIn()).toBe(0);
  await act(() => {
    tabUrl.value = `${SITE}/markets/${SLUG}`;
  });
  expect(document.querySelector('.mc-panel.side')).not.toBeNull();
  expect(panelRulesIn()).toBe(1);
  await act(() => {
    tabUrl.value = `${SITE}/markets/sandbox-eth-flip`;
  });
  expect(document.querySelector('.mc-panel.side')?.getAttribute('data-slug')).toBe(
    'sandbox-eth-flip',
  );
  expect(panelRulesIn()).toBe(1);
});
