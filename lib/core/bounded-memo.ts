/**
 * `compute` remembered for the last `limit` keys it was asked about (the oldest forgotten
 * first). Only for a `compute` whose answer depends on its key alone: a kept answer is
 * exactly what computing it again would give. Made for the few strings every message
 * repeats (a sender's URL, its page's market), where computing is most of the check.
 */
export function boundedMemo<V>(limit: number, compute: (key: string) => V): (key: string) => V {
  const kept = new Map<string, V>();
  return (key) => {
    if (kept.has(key)) return kept.get(key) as V;
    const value = compute(key);
    if (kept.size >= limit) {
      const oldest = kept.keys().next().value;
      if (oldest !== undefined) kept.delete(oldest);
    }
    kept.set(key, value);
    return value;
  };
}
