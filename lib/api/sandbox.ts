import { z } from 'zod';
import { Address, IsoTime, record, TradingMode } from './primitives';

/** `GET /__sandbox/accounts` (sandbox only). Private keys are demo keys, public by design. */
export const SandboxAccount = record({
  label: z.string(),
  role: z.enum(['trader', 'partner', 'subaccount', 'readonly', 'smart_wallet', 'bot']),
  profileId: z.number().int(),
  account: Address,
  privateKey: z.string().nullable(),
  tokenId: z.string().nullable(),
  secret: z.string().nullable(),
  scopes: z.array(z.string()),
  partnerProfileId: z.number().int().nullable(),
});
export type SandboxAccount = z.infer<typeof SandboxAccount>;
export const SandboxAccounts = z.array(SandboxAccount);

export const SandboxTradingModeBody = z.object({
  mode: TradingMode,
  resumeAt: IsoTime.nullable().optional(),
});
export const SandboxClockBody = z.object({ offsetMs: z.number().int() });
export const SandboxFeedStateBody = z.object({ state: z.enum(['ready', 'initializing', 'stale']) });
