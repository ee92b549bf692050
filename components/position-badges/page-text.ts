import { type Box, overlaps } from './spot';

/**
 * The boxes of the page's text that reach into `zone` (viewport coordinates): the words a
 * badge must not cover. The walk skips the subtree of any element whose box misses the
 * zone (a box of no size may hold positioned text, so it is entered), and `skip` (the
 * badges' own overlay), so it reads a few boxes near one link, not the whole page.
 */
export function textBoxesIn(doc: Document, zone: Box, skip: (node: Node) => boolean): Box[] {
  const body = doc.body;
  if (!body) return [];
  const found: Box[] = [];
  const range = doc.createRange();
  const walker = doc.createTreeWalker(body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      if (skip(node)) return NodeFilter.FILTER_REJECT;
      if (node.nodeType !== Node.ELEMENT_NODE) return NodeFilter.FILTER_ACCEPT;
      const box = (node as Element).getBoundingClientRect();
      if (box.width === 0 && box.height === 0) return NodeFilter.FILTER_SKIP;
      return overlaps(box, zone) ? NodeFilter.FILTER_SKIP : NodeFilter.FILTER_REJECT;
    },
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType !== Node.TEXT_NODE || !node.nodeValue?.trim()) continue;
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      if (rect.width > 0 && rect.height > 0 && overlaps(rect, zone)) found.push(rect);
    }
  }
  return found;
}
