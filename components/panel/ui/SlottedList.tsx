import { Fragment, type VNode } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { type OrderSlots, placeOrders } from '../model/order-slots';

interface Row {
  key: string;
  /** The row's `<li>`. */
  row: VNode;
}

/**
 * A list whose rows keep their slots while they live (model/order-slots.ts): a row that
 * leaves leaves an empty slot of a row's height, closed only once the pointer is out of
 * the list.
 */
export function SlottedList({ rows, class: className }: { rows: Row[]; class: string }) {
  const [inside, setInside] = useState(false);
  const slots = useRef<OrderSlots>([]);
  slots.current = placeOrders(
    slots.current,
    rows.map((r) => r.key),
    !inside,
  );
  const byKey = new Map(rows.map((r) => [r.key, r.row]));
  return (
    <ul
      class={`mc-list ${className}`}
      onPointerEnter={() => setInside(true)}
      onPointerLeave={() => setInside(false)}
    >
      {slots.current.map((key, slot) => {
        const row = key === null ? undefined : byKey.get(key);
        return row ? (
          <Fragment key={key}>{row}</Fragment>
        ) : (
          <li key={`gap:${slot}`} class="mc-gap" aria-hidden="true" />
        );
      })}
    </ul>
  );
}
