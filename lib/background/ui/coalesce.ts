/**
 * Calls `fn` at most once per `ms`, with the state of when it runs: a burst of changes
 * (a bot-heavy book sends hundreds a second) costs one push, never one per change.
 */
export function coalesce(fn: () => void, ms: number): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      fn();
    }, ms);
  };
}
