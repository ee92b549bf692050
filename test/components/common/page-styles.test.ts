// @vitest-environment happy-dom
import { expect, it } from 'vitest';
import { addPageStyles } from '../../../components/common/page-styles';

it('adds each style sheet to the page once, however often it is asked', () => {
  const before = document.head.querySelectorAll('style').length;
  addPageStyles('.a { color: red; }');
  addPageStyles('.a { color: red; }');
  addPageStyles('.b { color: blue; }');
  const styles = [...document.head.querySelectorAll('style')].slice(before);
  expect(styles.map((style) => style.textContent)).toEqual([
    '.a { color: red; }',
    '.b { color: blue; }',
  ]);
});
