import type { WebSocket } from 'socket.io-client';
import { SOCKET_NAMESPACE } from '../core/api/events';

/**
 * How an `orderbookUpdate` arrives on the WebSocket: an Engine.IO message (`4`) holding a
 * Socket.IO event (`2`) of our namespace, without an ack id. Nothing else starts like this.
 */
const BOOK_FRAME_PREFIX = `42${SOCKET_NAMESPACE},["orderbookUpdate",`;
/** Where the Socket.IO event's JSON (`["orderbookUpdate", payload]`) begins. */
const EVENT_JSON_START = `42${SOCKET_NAMESPACE},`.length;
/** An Engine.IO message: what Socket.IO decodes into one packet of its own. */
const MESSAGE = '4';

export type BookFrame = { ok: true; payload: unknown } | { ok: false; reason: string };

/**
 * The payload of a book frame, read as Socket.IO would (the event's first argument), or
 * why it cannot be: Socket.IO drops the connection on JSON it cannot parse, where one
 * garbled update is refused like any other malformed one.
 */
export function readBookFrame(frame: string): BookFrame {
  let event: unknown;
  try {
    event = JSON.parse(frame.slice(EVENT_JSON_START));
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  // The prefix fixed the first element and that a second follows: the payload. Further
  // arguments are ignored, as the listeners of the usual path ignore them.
  return Array.isArray(event) ? { ok: true, payload: event[1] } : { ok: false, reason: 'not JSON' };
}

/** A message frame Socket.IO is decoding: its packet comes out in Socket.IO's own time. */
const DECODING = null;

/**
 * Keeps the book frames taken off the WebSocket in their place among the frames left to
 * Socket.IO, which hands each packet on a tick after its frame (a microtask in browsers,
 * `process.nextTick` in Node): a book frame goes out at once when no earlier frame is
 * still inside Socket.IO (always, in a browser, where each frame is a task of its own),
 * else right after that frame's packet. A packet that never comes out (a throwing
 * listener broke Socket.IO's loop) holds nothing up past the next task.
 */
export class FrameOrder {
  private readonly waiting: (string | typeof DECODING)[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly deliver: (frame: string) => void) {}

  book(frame: string): void {
    if (this.waiting.length === 0) {
      this.deliver(frame);
      return;
    }
    this.waiting.push(frame);
    // Socket.IO's ticks all run before any timer: whatever is left then is stuck.
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.release(Number.POSITIVE_INFINITY);
    }, 0);
  }

  /** A message frame was left to Socket.IO. */
  decoding(): void {
    this.waiting.push(DECODING);
  }

  /** Socket.IO handed on a packet (listened to after its socket, so after its events). */
  decoded(): void {
    this.release(1);
  }

  /** Forgets what waits (the socket is closed). */
  drop(): void {
    this.waiting.length = 0;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * Delivers the book frames in front, passing the first `packets` frames Socket.IO has
   * handed on, up to the next frame still inside it.
   */
  private release(packets: number): void {
    let passed = 0;
    while (this.waiting.length > 0) {
      const head = this.waiting[0];
      if (head === DECODING) {
        if (passed === packets) return;
        passed++;
        this.waiting.shift();
      } else {
        this.waiting.shift();
        if (head !== undefined) this.deliver(head);
      }
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/**
 * A WebSocket transport that hands book frames to `order` before Engine.IO and Socket.IO
 * see them: the busiest event skips their packet objects, emitter calls, generic decoder
 * and tick, for one JSON.parse. Until `ready` (the namespace connected: before, Socket.IO
 * buffers events), for every other frame and on the polling transport, Socket.IO does as
 * usual.
 */
export function withBookFrames(
  Base: typeof WebSocket,
  order: FrameOrder,
  ready: () => boolean,
): typeof WebSocket {
  return class BookFrameWebSocket extends Base {
    protected override onData(data: unknown): void {
      if (typeof data === 'string') {
        if (data.startsWith(BOOK_FRAME_PREFIX) && ready()) {
          order.book(data);
          return;
        }
        if (data.startsWith(MESSAGE)) order.decoding();
      }
      super.onData(data);
    }
  };
}
