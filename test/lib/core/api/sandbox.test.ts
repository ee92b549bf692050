import { describe, expect, it } from 'vitest';
import {
  SandboxAccounts,
  SandboxClockBody,
  SandboxFeedStateBody,
  SandboxTradingModeBody,
} from '../../../../lib/core/api/sandbox';
import { ACCOUNT } from './examples';

const account = {
  label: 'trader',
  role: 'trader',
  profileId: 7,
  account: ACCOUNT,
  privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  tokenId: 'tok-trader',
  secret: 'c2FuZGJveC1kZW1vLXNlY3JldC0wMDAx',
  scopes: ['trading'],
  partnerProfileId: null,
};

describe('sandbox-only bodies', () => {
  it('accounts: a demo account with its keys and scopes', () => {
    expect(SandboxAccounts.parse([account])[0]?.scopes).toEqual(['trading']);
    expect(SandboxAccounts.safeParse([{ ...account, role: 'admin' }]).success).toBe(false);
  });

  it('trading mode, clock and feed state', () => {
    expect(SandboxTradingModeBody.parse({ mode: 'cancel_only' })).toEqual({ mode: 'cancel_only' });
    expect(SandboxTradingModeBody.safeParse({ mode: 'off' }).success).toBe(false);
    expect(SandboxClockBody.parse({ offsetMs: -120_000 })).toEqual({ offsetMs: -120_000 });
    expect(SandboxClockBody.safeParse({ offsetMs: 1.5 }).success).toBe(false);
    expect(SandboxFeedStateBody.parse({ state: 'stale' })).toEqual({ state: 'stale' });
    expect(SandboxFeedStateBody.safeParse({ state: 'down' }).success).toBe(false);
  });
});
