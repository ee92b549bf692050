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
}

export const PopupServicesContext = createContext<PopupServices | null>(null);

export function useServices(): PopupServices {
  const services = useContext(PopupServicesContext);
  if (!services) throw new Error('PopupServicesContext is missing');
  return services;
}
