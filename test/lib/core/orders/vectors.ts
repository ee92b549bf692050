import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { OrderContext } from '../../../../lib/core/orders/build';

/** The known-answer vectors of issue 2, shared by the order and client tests. */
export const EIP712_VECTOR = {
  privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' as Hex,
  exchangeName: 'Sandbox',
  domainName: 'Sandbox CTF Exchange',
  verifyingContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const,
  salt: 1234567890n,
  tokenId: '19633861612399744412093186424343227390815468264738349023011264834812399203841',
  makerAmount: 5_500_000n,
  takerAmount: 10_000_000n,
  hash: '0xd9711ca07e7ffe6d15544e8af970161f2fa0e0851de5a5aa2fd9887992ff093b',
  signature:
    '0x4c8e831696f479ebe8d8de7fd560797f2eaefb14ebb78d7ea435eebbf8769faa74942ecd5708a6f168d176e2c4a25d086a4b0a24e3f7b2cece52197bc1eba87a1b',
} as const;

export const vectorAccount = () => privateKeyToAccount(EIP712_VECTOR.privateKey);

/** A second key for "the signer is not the owner" cases. */
export const otherAccount = () =>
  privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');

/**
 * An order context on the vector's exchange and token, owned by the vector account (no
 * signer unless given): what the order-building tests share.
 */
export const vectorOrderContext = (over: Partial<OrderContext> = {}): OrderContext => ({
  exchangeName: EIP712_VECTOR.exchangeName,
  market: {
    slug: 'will-it-rain',
    tokens: { yes: EIP712_VECTOR.tokenId, no: '424242' },
    venue: { exchange: EIP712_VECTOR.verifyingContract },
  },
  feeRateBps: 0,
  owner: { mode: 'own', profileId: 7, account: vectorAccount().address },
  ...over,
});
