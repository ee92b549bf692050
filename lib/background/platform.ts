import type { ListingArea, StorageArea } from '../storage/area';
import type { AlarmScheduler } from '../vault/auto-lock';

/**
 * The browser as the background needs it. The entrypoint adapts `browser.*` to this;
 * tests adapt WXT's fake browser. Nothing in here ever receives a secret except the
 * session storage area, which only trusted extension contexts can read.
 */
export interface Platform {
  extensionId: string;
  /** `chrome-extension://<id>` without a trailing slash. */
  extensionOrigin: string;
  local: StorageArea;
  session: ListingArea;
  alarms: AlarmScheduler & { onAlarm(listener: (name: string) => void): void };
  notifications: {
    create(id: string, title: string, message: string): Promise<void>;
    onClicked(listener: (id: string) => void): void;
  };
  badge: { set(text: string, color: string): Promise<void> };
  tabs: { open(url: string): Promise<void> };
  openOptionsPage(): Promise<void>;
  onIdleStateLocked(listener: () => void): void;
}
