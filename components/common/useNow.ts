import { useEffect, useState } from 'preact/hooks';

/**
 * This machine's time, ticking every second while `ticking` (a stale price's age counts up
 * here, from the time it was received: the background sends no per-second pushes).
 */
export function useNow(ticking: boolean): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}
