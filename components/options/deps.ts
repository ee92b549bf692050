import type { Signal } from '@preact/signals';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Settings } from '../../lib/core/settings/schema';
import type { Messenger } from '../../lib/protocol/client';
import type { AppSnapshot } from '../../lib/protocol/views';

/**
 * What the options page needs from the outside world, injected so component tests pass
 * fakes that keep the background's contract.
 */
export interface OptionsDeps {
  /** Typed messages to the background. */
  send: Messenger;
  /** The background's state over the state port (null until the first snapshot). */
  snapshot: Signal<AppSnapshot | null>;
  /** False between a stopped worker and the port's reconnect. */
  connected: Signal<boolean>;
  /** Settings are in the protected store (IndexedDB): the page writes, the background hears. */
  updateSettings: (change: (current: Settings) => Settings) => Promise<Settings>;
  /** `permissions.request`: call it from the click handler itself (it needs a user gesture). */
  requestHostPermissions: (patterns: string[]) => Promise<boolean>;
  /** `permissions.remove`: gives host permissions back (true when they were removed). */
  removeHostPermissions: (patterns: string[]) => Promise<boolean>;
  /** Opens the browser's keyboard-shortcut page (`commands.openShortcutSettings` where it exists). */
  openShortcutSettings: () => void;
  /** Offers a text file for download. */
  saveFile: (name: string, text: string) => void;
  now: () => Date;
}

export const OptionsDepsContext = createContext<OptionsDeps | null>(null);

export function useDeps(): OptionsDeps {
  const deps = useContext(OptionsDepsContext);
  if (!deps) throw new Error('OptionsDepsContext is missing');
  return deps;
}
