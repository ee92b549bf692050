import { z } from 'zod';
import { Address, record } from './primitives';

export const TradeWalletOption = z.enum(['eoa', 'smart_wallet']);

/** `GET /profiles/me`. */
export const Profile = record({
  id: z.number().int().positive(),
  account: Address,
  displayName: z.string().nullable(),
  username: z.string().nullable(),
  pfpUrl: z.string().nullable(),
  rankName: z.string().nullable(),
  rank: record({ name: z.string(), feeRateBps: z.number().int().min(0).max(10_000) }),
  tradeWalletOption: TradeWalletOption,
  smartWallet: Address.nullable(),
});
export type Profile = z.infer<typeof Profile>;

/** `GET /profiles/{address}`: the public part of a profile. */
export const PublicProfile = record({
  id: z.number().int().positive(),
  account: Address,
  displayName: z.string().nullable(),
  username: z.string().nullable(),
  pfpUrl: z.string().nullable(),
  rankName: z.string().nullable(),
});
export type PublicProfile = z.infer<typeof PublicProfile>;

/** A partner's managed sub-account; `account` is its server wallet. */
export const PartnerAccount = record({
  id: z.number().int().positive(),
  account: Address,
  displayName: z.string().nullable(),
});
export type PartnerAccount = z.infer<typeof PartnerAccount>;
export const PartnerAccounts = z.array(PartnerAccount);

export const CreatePartnerAccountBody = z.object({
  displayName: z.string().trim().min(1).max(64).optional(),
});
