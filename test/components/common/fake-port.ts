import type { ClientPort } from '../../../components/common/port-store';

/** A runtime Port stand-in the test drives: deliver messages, drop the connection. */
export class FakePort implements ClientPort {
  readonly posted: unknown[] = [];
  private readonly messageListeners: ((m: unknown) => void)[] = [];
  private readonly disconnectListeners: (() => void)[] = [];
  disconnected = false;
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  onMessage = { addListener: (l: (m: unknown) => void) => this.messageListeners.push(l) };
  onDisconnect = { addListener: (l: () => void) => this.disconnectListeners.push(l) };
  disconnect() {
    this.disconnected = true;
  }
  deliver(message: unknown) {
    for (const l of this.messageListeners) l(message);
  }
  /** The service worker stopped. */
  drop() {
    for (const l of this.disconnectListeners) l();
  }
}
