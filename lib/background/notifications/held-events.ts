/** More than this many wake events before the app starts is not a browser talking. */
const MAX_HELD = 32;

/**
 * An event that can wake a stopped worker (an alarm, the machine locking, a notification
 * click) is dispatched right after the worker's script has run: a listener added later,
 * after the app's asynchronous start, never hears it. The entrypoint listens to the
 * browser at once through this; what arrives is held until the app subscribes.
 */
export class HeldEvents<T> {
  private held: T[] = [];
  private readonly listeners: ((value: T) => void)[] = [];

  emit(value: T): void {
    if (this.listeners.length === 0) {
      if (this.held.length < MAX_HELD) this.held.push(value);
      return;
    }
    for (const listener of this.listeners) listener(value);
  }

  listen(listener: (value: T) => void): void {
    this.listeners.push(listener);
    const held = this.held;
    this.held = [];
    for (const value of held) listener(value);
  }
}
