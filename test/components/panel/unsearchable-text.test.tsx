// @vitest-environment happy-dom
import { options, render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drawTextUnsearchable } from '../../../components/panel/unsearchable-text';

/** What a person sees: text nodes, and the attribute drawn in place of a `.mc-t` span. */
const seen = (node: Node): string =>
  [...node.childNodes]
    .map((n) =>
      n.nodeType === 3 ? (n as Text).data : ((n as Element).getAttribute?.('data-t') ?? seen(n)),
    )
    .join('');

describe('the panel draws its text from attributes', () => {
  let previous: typeof options.vnode;
  let root: HTMLElement;
  beforeEach(() => {
    previous = options.vnode;
    drawTextUnsearchable();
    root = document.createElement('div');
  });
  afterEach(() => {
    render(null, root);
    options.vnode = previous;
  });

  it('leaves no searchable text, and draws the same words', () => {
    render(
      <p>
        P&amp;L <strong>+$60.00</strong> on {12} contracts
      </p>,
      root,
    );
    expect(root.textContent).toBe('');
    expect(seen(root)).toBe('P&L +$60.00 on 12 contracts');
    expect(root.querySelectorAll('.mc-t').length).toBeGreaterThan(0);
  });

  it('keeps text that cannot be a span (options, styles) and whitespace as it is', () => {
    render(
      <div>
        <select aria-label="Type">
          <option>FOK</option>
        </select>
        <style>{'.x{}'}</style>{' '}
      </div>,
      root,
    );
    expect(root.querySelector('option')?.textContent).toBe('FOK');
    expect(root.querySelector('style')?.textContent).toBe('.x{}');
  });

  it('draws the text of an element whose one child it is on that element, with no span', () => {
    render(
      <div>
        <td class="price">61¢</td>
        <button type="button">{25}</button>
      </div>,
      root,
    );
    const cell = root.querySelector('td');
    expect(cell?.getAttribute('data-t')).toBe('61¢');
    expect(cell?.className).toBe('price mc-t');
    expect(cell?.childNodes.length).toBe(0);
    expect(root.querySelector('button')?.getAttribute('data-t')).toBe('25');
    expect(root.querySelectorAll('span').length).toBe(0);
    expect(seen(root)).toBe('61¢25');
  });

  it('follows updates', () => {
    render(<span>{'+$1.00'}</span>, root);
    render(<span>{'-$2.50'}</span>, root);
    expect(seen(root)).toBe('-$2.50');
    expect(root.textContent).toBe('');
  });
});
