import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';

export interface TabItem<T extends string> {
  id: T;
  label: ComponentChildren;
}

const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

/**
 * A WAI-ARIA tablist: one tab stop (the selected tab); arrow keys, Home and End move
 * between tabs and select them.
 */
export function Tabs<T extends string>({
  items,
  selected,
  onSelect,
  label,
  idPrefix,
}: {
  items: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  label: string;
  idPrefix: string;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const item = next === null ? undefined : items[next];
    if (next === null || !item) return;
    event.preventDefault();
    onSelect(item.id);
    buttons.current[next]?.focus();
  };
  return (
    <div class="tabs" role="tablist" aria-label={label}>
      {items.map((item, index) => {
        const active = item.id === selected;
        return (
          <button
            key={item.id}
            ref={(el) => {
              buttons.current[index] = el;
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, item.id)}
            aria-selected={active}
            aria-controls={panelId(idPrefix, item.id)}
            tabIndex={active ? 0 : -1}
            class={active ? 'tab active' : 'tab'}
            onClick={() => onSelect(item.id)}
            onKeyDown={(event) => move(event, index)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

/** The panel a tab controls; hidden panels stay mounted (they keep their state). */
export function TabPanel({
  idPrefix,
  id,
  hidden = false,
  children,
}: {
  idPrefix: string;
  id: string;
  hidden?: boolean;
  children: ComponentChildren;
}) {
  return (
    <div
      role="tabpanel"
      id={panelId(idPrefix, id)}
      aria-labelledby={tabId(idPrefix, id)}
      class="tab-panel"
      hidden={hidden}
    >
      {children}
    </div>
  );
}
