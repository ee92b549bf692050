import { Component, type FunctionComponent, h } from 'preact';

/**
 * `render`, re-run only when `same` says its props changed (preact/compat's `memo`
 * without compat, whose size every page's content script would carry). A signal the
 * component reads still re-renders it: signals subscribe the inner component itself.
 */
export function memo<P extends object>(
  render: FunctionComponent<P>,
  same: (previous: Readonly<P>, next: Readonly<P>) => boolean,
) {
  return class Memo extends Component<P> {
    override shouldComponentUpdate(next: Readonly<P>): boolean {
      return !same(this.props, next);
    }

    override render(props: P) {
      return h(render, props);
    }
  };
}

/** Each own field the same value (`Object.is`): for props of strings, numbers and bigints. */
export function sameFields<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.is(a[k], b[k]));
}

/**
 * The same plain data all the way down (arrays and objects compared field by field, the rest
 * by `Object.is`): for a row rebuilt from each new state a port delivers, where the objects
 * are always new and the figures mostly not.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  return keys.every((k) => Object.hasOwn(y, k) && sameData(x[k], y[k]));
}
