// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { connectAppState } from '../../../components/common/app-state';
import { Positions } from '../../../lib/core/api/portfolio';
import { appSnapshot } from '../../lib/protocol/fixtures';
import { clobEntry, positionsInput } from '../popup/fixtures';
import { FakePort } from './fake-port';

describe('connectAppState', () => {
  it('shows the snapshot, then folds each patch into it, keeping what the patch leaves alone', async () => {
    const port = new FakePort();
    const store = connectAppState(port);
    const positions = Positions.parse(positionsInput());
    const first = appSnapshot({ portfolio: { positions, fetchedAt: 1, error: null, marks: {} } });
    port.deliver({ topic: 'snapshot', data: first });
    expect(store.value.value).toBe(first);

    const moved = clobEntry('moved', 'Moved');
    port.deliver({
      topic: 'patch',
      data: { clockOffsetMs: 250, portfolio: { clob: { 0: moved } } },
    });
    await vi.waitFor(() => expect(store.value.value?.clockOffsetMs).toBe(250));
    const now = store.value.value;
    expect(now?.portfolio.positions?.clob[0]).toBe(moved);
    expect(now?.portfolio.positions?.clob[1]).toBe(positions.clob[1]);
    expect(now?.settings).toBe(first.settings);
    store.close();
  });
});
