import type { BackgroundApp } from '../../../lib/background/app';

/** A desktop notification the worker asked Chromium for. */
export interface CreatedNotification {
  id: string;
  title: string;
  message: string;
}

type RunInWorker = <R>(fn: (app: BackgroundApp) => R | Promise<R>) => Promise<R>;

type Scope = {
  chrome: {
    notifications: {
      create: (...args: unknown[]) => unknown;
      getAll(): Promise<Record<string, unknown>>;
    };
  };
  __notificationsCreated?: CreatedNotification[];
};

/*
 * Observations no UI can make: what the worker hands `chrome.notifications` (no extension
 * page can list the calls, and Chromium's own list forgets a notification once closed).
 * They run in the worker (`withApp`), which is why they live here, once.
 */

/**
 * Records every `chrome.notifications.create` of the running worker instance from now on
 * (a second call keeps the first record; a new worker instance starts without one).
 */
export function watchNotifications(inWorker: RunInWorker): Promise<void> {
  return inWorker(() => {
    const scope = globalThis as unknown as Scope;
    if (scope.__notificationsCreated) return;
    const created: CreatedNotification[] = [];
    scope.__notificationsCreated = created;
    const api = scope.chrome.notifications;
    const original = api.create.bind(api);
    api.create = (...args: unknown[]) => {
      const options = (args[1] ?? {}) as { title?: string; message?: string };
      created.push({
        id: typeof args[0] === 'string' ? args[0] : '(no id)',
        title: options.title ?? '',
        message: options.message ?? '',
      });
      return original(...args);
    };
  });
}

/** What `watchNotifications` recorded in the running worker instance (empty without it). */
export function createdNotifications(inWorker: RunInWorker): Promise<CreatedNotification[]> {
  return inWorker(() => (globalThis as unknown as Scope).__notificationsCreated ?? []);
}

/** The ids of the notifications Chromium holds now (they outlive the worker that raised them). */
export function shownNotifications(inWorker: RunInWorker): Promise<string[]> {
  return inWorker(async () =>
    Object.keys(await (globalThis as unknown as Scope).chrome.notifications.getAll()),
  );
}
