import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Messenger } from '../../lib/protocol/client';

/**
 * What the popup asks of the outside world, injected so tests can pass fakes that
 * behave like the background's contract.
 */
export interface PopupServices {
  /** Typed messages to the background (`send` of lib/messaging/browser). */
  send: Messenger;
  /** Opens a page of the exchange site in a new tab. */
  openTab: (url: string) => void;
  openOptions: () => void;
  /**
   * Opens the browser's side panel with our page (absent where it is that page). Called
   * in the click itself: the browser wants the user's gesture behind it.
   */
  openSidePanel?: () => void;
}

export const PopupServicesContext = createContext<PopupServices | null>(null);

export function useServices(): PopupServices {
  const services = useContext(PopupServicesContext);
  if (!services) throw new Error('PopupServicesContext is missing');
  return services;
}
