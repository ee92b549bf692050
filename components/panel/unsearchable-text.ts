import { h, options, type VNode } from 'preact';

/*
 * A page can probe text inside the panel's closed shadow root with `window.find` (its own
 * find-in-page): "+$60.00" answers true when that is your P&L. CSS generated content is
 * drawn but never searched, so every text the panel renders is drawn from an attribute
 * (`.mc-t::before { content: attr(data-t) }` in panel.css) that only the shadow root can
 * read. The accessibility tree still reads it (accessible names include generated
 * content); only selecting the panel's text to copy it is given up.
 */

/** Elements whose text children are not page text to draw (or cannot hold a span). */
const KEEP = new Set(['style', 'script', 'title', 'option', 'textarea', 'text', 'tspan']);

function drawn(child: unknown): unknown {
  if (typeof child === 'string' || typeof child === 'number') {
    const text = String(child);
    return text.trim() === '' ? child : h('span', { class: 'mc-t', 'data-t': text });
  }
  return Array.isArray(child) ? child.map(drawn) : child;
}

/** Installs the rewrite for everything Preact renders in this bundle (the content script's). */
export function drawTextUnsearchable(): void {
  const previous = options.vnode;
  options.vnode = (vnode: VNode) => {
    if (typeof vnode.type === 'string' && !KEEP.has(vnode.type)) {
      const props = vnode.props as { children?: unknown; class?: unknown; 'data-t'?: string };
      const only = props.children;
      // An element whose one child is its text draws it itself: no span in it. A third of
      // the panel's elements were such spans, each one more to style and lay out.
      if (
        (typeof only === 'string' || typeof only === 'number') &&
        String(only).trim() !== '' &&
        (props.class === undefined || typeof props.class === 'string') &&
        !('className' in props)
      ) {
        props['data-t'] = String(only);
        props.class = props.class ? `${props.class} mc-t` : 'mc-t';
        props.children = undefined;
      } else if (only !== undefined) props.children = drawn(only);
    }
    previous?.(vnode);
  };
}
