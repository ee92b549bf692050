import { useEffect, useRef, useState } from 'preact/hooks';
import { type ClientErrorInfo, toErrorInfo } from '../../lib/core/client/errors';

export interface Action<A extends unknown[], R> {
  run: (...args: A) => Promise<void>;
  busy: boolean;
  error: ClientErrorInfo | null;
  /** The last result, until the next run. */
  result: R | null;
  reset: () => void;
}

/**
 * One button's request: ignores presses while one is in flight (no double send), and
 * keeps the failure as typed error info to show in place.
 */
export function useAction<A extends unknown[], R>(fn: (...args: A) => Promise<R>): Action<A, R> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientErrorInfo | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const inFlight = useRef(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const run = async (...args: A) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const value = await fn(...args);
      if (mounted.current) setResult(value);
    } catch (caught) {
      if (mounted.current) setError(toErrorInfo(caught));
    } finally {
      inFlight.current = false;
      if (mounted.current) setBusy(false);
    }
  };
  const reset = () => {
    setError(null);
    setResult(null);
  };
  return { run, busy, error, result, reset };
}
