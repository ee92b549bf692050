import { useEffect, useState } from 'preact/hooks';
import { countdown } from '@/lib/format/time';

/** Time left until `until`, ticking every second; `onDone` once it passes. */
export function Countdown({ until, onDone }: { until: string; onDone?: () => void }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const done = Date.parse(until) <= now;
  useEffect(() => {
    if (done) onDone?.();
  }, [done]);
  return (
    <time class="num countdown" dateTime={until}>
      {countdown(until, now)}
    </time>
  );
}
