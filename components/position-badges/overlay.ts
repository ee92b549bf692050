import type { Size, Spot } from './spot';
import type { BadgeLine } from './text';

/** One badge to draw: its market, its words, and where it goes once its size is known. */
export interface Placement {
  slug: string;
  lines: readonly BadgeLine[];
  /** Its right edge and vertical middle in the overlay's coordinates; null: not drawn. */
  place(size: Size): Spot | null;
}

export interface Overlay {
  /** The overlay's own top-left corner in viewport coordinates (what placements subtract: 0, 0 unless the page moved it). */
  origin(): { x: number; y: number };
  draw(placements: readonly Placement[]): void;
  /** Whether `node` is the overlay's host (its own mutations are not the page's). */
  owns(node: Node): boolean;
  remove(): void;
}

/*
 * Generated content is drawn but never searched: `window.find` and the page's text cannot
 * find a position in it (see components/panel/unsearchable-text.ts). Colours are the
 * theme's gain/loss hues, fixed here so the badge needs no stylesheet from the panel.
 */
const CSS = `
:host { all: initial; }
.w { position: absolute; inset: 0; overflow: clip; contain: strict; pointer-events: none; }
.b { position: absolute; left: 0; top: 0; display: flex; gap: 6px; align-items: center;
  padding: 1px 6px; border-radius: 9px; white-space: nowrap; pointer-events: none;
  font: 600 11px/16px system-ui, -apple-system, "Segoe UI", sans-serif;
  font-variant-numeric: tabular-nums; color: #f8fafc; background: rgba(15, 23, 42, 0.88);
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.3); }
.l { display: flex; gap: 6px; }
.b.s { flex-direction: column; align-items: flex-end; gap: 0; }
.t::before { content: attr(data-t); }
.gain { color: #4ade80; } .loss { color: #f87171; } .flat { color: #cbd5e1; }
`;

/**
 * Declarations the page's stylesheets cannot beat: the host takes no clicks, and its box is
 * the viewport's whatever it holds, with nothing of its content measurable from outside
 * (strict containment, and the badges inside a clipping box of their own): a page that
 * forces overflow on it, or measures it, reads the same whether or where badges are drawn.
 */
const HOST_STYLE: Record<string, string> = {
  position: 'fixed',
  inset: '0',
  width: 'auto',
  height: 'auto',
  margin: '0',
  padding: '0',
  border: '0',
  overflow: 'hidden',
  contain: 'strict',
  'pointer-events': 'none',
  'z-index': '2147483646',
  display: 'block',
};

function span(doc: Document, className: string, text: string): HTMLSpanElement {
  const el = doc.createElement('span');
  el.className = className;
  el.setAttribute('data-t', text);
  return el;
}

/**
 * One host for every badge: a built-in element (the page cannot define it and upgrade it),
 * fixed over the viewport and holding a closed shadow root, so the page
 * can neither read a badge nor style it, and no element of the page's own gains a child.
 */
export function createOverlay(doc: Document = document): Overlay {
  const host = doc.createElement('aside');
  host.setAttribute('data-market-companion', 'badges');
  // The same figures are in the popup and the panel; read aloud mid-page they are noise.
  host.setAttribute('aria-hidden', 'true');
  for (const [name, value] of Object.entries(HOST_STYLE))
    host.style.setProperty(name, value, 'important');
  const shadow = host.attachShadow({ mode: 'closed' });
  const style = doc.createElement('style');
  style.textContent = CSS;
  const root = doc.createElement('div');
  root.className = 'w';
  shadow.append(style, root);
  const pool: HTMLElement[] = [];
  /** What each pooled badge shows, so an unchanged badge is only moved. */
  const shown = new WeakMap<HTMLElement, string>();

  const attach = () => {
    if (!host.isConnected) (doc.body ?? doc.documentElement).append(host);
  };

  const fill = (badge: HTMLElement, lines: readonly BadgeLine[]) => {
    const key = JSON.stringify(lines);
    if (shown.get(badge) === key) return;
    shown.set(badge, key);
    badge.replaceChildren(
      ...lines.map((line) => {
        const row = doc.createElement('span');
        row.className = 'l';
        row.append(span(doc, 't', line.held));
        if (line.pnl !== '') row.append(span(doc, `t ${line.tone}`, line.pnl));
        return row;
      }),
    );
  };

  return {
    origin() {
      attach();
      const box = host.getBoundingClientRect();
      return { x: box.left, y: box.top };
    },
    draw(placements) {
      if (placements.length > 0) attach();
      const badges = placements.map((placement, index) => {
        let badge = pool[index];
        if (!badge) {
          badge = doc.createElement('span');
          badge.className = 'b';
          pool.push(badge);
          root.append(badge);
        }
        fill(badge, placement.lines);
        badge.setAttribute('data-market', placement.slug);
        return badge;
      });
      // Every size read before any badge moves, then every place: one layout per pass, not one
      // per badge. A badge with no room in a row tries its sides stacked (a card's tight corner).
      const spotsOf = (which: readonly number[]) => {
        const sizes = which.map((index) => badges[index]?.getBoundingClientRect());
        return which.map((index, at) => {
          const size = sizes[at];
          const placement = placements[index];
          return size && placement
            ? placement.place({ width: size.width, height: size.height })
            : null;
        });
      };
      for (const badge of badges) badge.classList.remove('s');
      const spots = spotsOf(badges.map((_, index) => index));
      const unplaced = spots.flatMap((spot, index) => (spot ? [] : [index]));
      for (const index of unplaced) badges[index]?.classList.add('s');
      for (const [at, spot] of spotsOf(unplaced).entries()) {
        const index = unplaced[at];
        if (index !== undefined) spots[index] = spot;
      }
      const kept: HTMLElement[] = [];
      for (const [index, badge] of badges.entries()) {
        const spot = spots[index];
        if (!spot) {
          badge.remove();
          continue;
        }
        kept.push(badge);
        // Placed by its right edge and middle: never past the right of the page (no new scrollbar).
        badge.style.transform = `translate(${spot.right}px, ${spot.middle}px) translate(-100%, -50%)`;
      }
      for (const badge of pool.slice(placements.length)) badge.remove();
      pool.splice(0, pool.length, ...kept);
    },
    owns: (node) => node === host,
    remove() {
      host.remove();
    },
  };
}
