// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { endWhenPageLeaves } from '../../../components/panel/page-leave';

const pagehide = (persisted: boolean): Event => {
  const event = new Event('pagehide');
  Object.defineProperty(event, 'persisted', { value: persisted });
  return event;
};

const context = () => {
  const abort = new AbortController();
  return { signal: abort.signal, notifyInvalidated: vi.fn(() => abort.abort()) };
};

describe('endWhenPageLeaves', () => {
  it('ends the run when the page is closed or left for another document', () => {
    const ctx = context();
    endWhenPageLeaves(ctx, window);
    window.dispatchEvent(pagehide(false));
    expect(ctx.notifyInvalidated).toHaveBeenCalledOnce();
  });

  it('keeps the run of a page put in the back-forward cache, which may come back', () => {
    const ctx = context();
    endWhenPageLeaves(ctx, window);
    window.dispatchEvent(pagehide(true));
    expect(ctx.notifyInvalidated).not.toHaveBeenCalled();
    window.dispatchEvent(pagehide(false));
    expect(ctx.notifyInvalidated).toHaveBeenCalledOnce();
  });

  it('stops listening once the run has ended another way', () => {
    const ctx = context();
    endWhenPageLeaves(ctx, window);
    ctx.notifyInvalidated();
    ctx.notifyInvalidated.mockClear();
    window.dispatchEvent(pagehide(false));
    expect(ctx.notifyInvalidated).not.toHaveBeenCalled();
  });
});
