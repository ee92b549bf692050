import { describe, expect, it } from 'vitest';
import {
  CreatePartnerAccountBody,
  PartnerAccounts,
  Profile,
  PublicProfile,
} from '../../../../lib/core/api/profiles';
import { partnerAccounts, profile, publicProfile } from './examples';

const fails = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) =>
  expect(schema.safeParse(value).success).toBe(false);

describe('profiles', () => {
  it('Profile accepts an EOA and a smart-wallet profile with their fee rank', () => {
    expect(Profile.parse(profile()).rank.feeRateBps).toBe(30);
    expect(
      Profile.parse({
        ...profile(),
        tradeWalletOption: 'smart_wallet',
        smartWallet: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      }).tradeWalletOption,
    ).toBe('smart_wallet');
  });

  it('Profile refuses a missing rank, an unknown wallet option and a fee over 100 %', () => {
    const { rank: _, ...noRank } = profile();
    fails(Profile, noRank);
    fails(Profile, { ...profile(), tradeWalletOption: 'magic' });
    fails(Profile, { ...profile(), rank: { name: 'Gold', feeRateBps: 10_001 } });
  });

  it('PublicProfile accepts the public part and keeps extra keys', () => {
    expect(PublicProfile.parse({ ...publicProfile(), followers: 3 })).toHaveProperty(
      'followers',
      3,
    );
    fails(PublicProfile, { ...publicProfile(), id: 0 });
  });

  it('PartnerAccounts accepts sub-accounts and refuses one without its wallet', () => {
    expect(PartnerAccounts.parse(partnerAccounts())[0]?.id).toBe(42);
    fails(PartnerAccounts, [{ id: 42, displayName: 'Desk 1' }]);
  });

  it('CreatePartnerAccountBody trims the name and refuses a blank one', () => {
    expect(CreatePartnerAccountBody.parse({ displayName: '  Desk 2 ' })).toEqual({
      displayName: 'Desk 2',
    });
    expect(CreatePartnerAccountBody.parse({})).toEqual({});
    fails(CreatePartnerAccountBody, { displayName: '   ' });
  });
});
