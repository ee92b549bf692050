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
