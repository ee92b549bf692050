import { describe, expect, it } from 'vitest';
import { holdingPort, openEarlyPort, takeEarlyPort } from '../../../components/common/early-port';
import { FakePort } from './fake-port';

describe('holdingPort', () => {
  it('hands what came before the first listener to it, in order, then passes the rest on', () => {
    const raw = new FakePort();
    const port = holdingPort(raw);
    raw.deliver('first state');
    raw.deliver('an update');
    const seen: unknown[] = [];
    port.onMessage.addListener((m) => seen.push(m));
    expect(seen).toEqual(['first state', 'an update']);
    raw.deliver('later');
    expect(seen).toEqual(['first state', 'an update', 'later']);
  });

  it('tells a disconnect listener added after the close, so the store reconnects', () => {
    const raw = new FakePort();
    const port = holdingPort(raw);
    raw.deliver('state');
    raw.drop();
    const events: string[] = [];
    port.onMessage.addListener(() => events.push('message'));
    port.onDisconnect.addListener(() => events.push('closed'));
    expect(events).toEqual(['message', 'closed']);
  });

  it('posts and disconnects through the port it wraps', () => {
    const raw = new FakePort();
    const port = holdingPort(raw);
    port.postMessage({ opened: true });
    port.disconnect();
    expect(raw.posted).toEqual([{ opened: true }]);
    expect(raw.disconnected).toBe(true);
  });
});

describe('openEarlyPort / takeEarlyPort', () => {
  it('greets at once and hands the port over once, to the store of the same name only', () => {
    const page = {};
    const raw = new FakePort();
    openEarlyPort('state', () => raw, { opened: true }, page);
    expect(raw.posted).toEqual([{ opened: true }]);
    expect(takeEarlyPort('panel', page)).toBeNull();
    const taken = takeEarlyPort('state', page);
    expect(taken).not.toBeNull();
    raw.deliver('state');
    const seen: unknown[] = [];
    taken?.onMessage.addListener((m) => seen.push(m));
    expect(seen).toEqual(['state']);
    expect(takeEarlyPort('state', page)).toBeNull();
  });

  it('leaves nothing to take when the port cannot be opened (the store connects itself)', () => {
    const page = {};
    openEarlyPort(
      'state',
      () => {
        throw new Error('Extension context invalidated.');
      },
      { opened: true },
      page,
    );
    expect(takeEarlyPort('state', page)).toBeNull();
  });
});
