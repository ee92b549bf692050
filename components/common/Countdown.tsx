import { useContext, useEffect, useState } from 'preact/hooks';
import { countdown } from '../../lib/core/format/time';
import { ExchangeClockContext } from './exchange-clock';

/**
 * Time left until `until`, ticking every second; `onDone` once it passes. `clock` says
 * whose time `until` is: the exchange's (counted with the offset the background learned)
 * or this machine's own (a retry the extension scheduled).
 */
export function Countdown({
  until,
  clock,
  onDone,
}: {
  until: string;
  clock: 'exchange' | 'local';
  onDone?: () => void;
}) {
  const exchangeOffset = useContext(ExchangeClockContext);
  const [localNow, setLocalNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setLocalNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const now = localNow + (clock === 'exchange' ? exchangeOffset : 0);
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
