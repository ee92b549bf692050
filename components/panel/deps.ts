import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { PanelMessenger } from '../../lib/protocol/client';

/** What the panel needs from outside: the background (typed messages) and the clock. */
export interface PanelDeps {
  send: PanelMessenger;
  now: () => number;
  /** A fresh id per button press (the desk makes one intent per press). */
  newPressId: () => string;
}

export const PanelDepsContext = createContext<PanelDeps | null>(null);

export function usePanelDeps(): PanelDeps {
  const deps = useContext(PanelDepsContext);
  if (!deps) throw new Error('the page panel is rendered without its dependencies');
  return deps;
}
