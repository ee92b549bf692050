import { hashTypedData } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  hashOrder,
  ORDER_CHAIN_ID,
  ORDER_TYPES,
  type OrderStruct,
  orderDomain,
  orderTypedData,
  recoverOrderSigner,
  ZERO_ADDRESS,
} from '../../../../lib/core/orders/typed-data';
import { EIP712_VECTOR, vectorAccount } from './vectors';

const account = vectorAccount();
const domain = orderDomain(EIP712_VECTOR.exchangeName, EIP712_VECTOR.verifyingContract);
const struct: OrderStruct = {
  salt: EIP712_VECTOR.salt,
  maker: account.address,
  signer: account.address,
  taker: ZERO_ADDRESS,
  tokenId: BigInt(EIP712_VECTOR.tokenId),
  makerAmount: EIP712_VECTOR.makerAmount,
  takerAmount: EIP712_VECTOR.takerAmount,
  expiration: 0n,
  nonce: 0n,
  feeRateBps: 0n,
  side: 0,
  signatureType: 0,
};

describe('EIP-712 order typed data', () => {
  it('builds the domain from the exchange name and the market venue', () => {
    expect(domain).toEqual({
      name: 'Sandbox CTF Exchange',
      version: '1',
      chainId: 8453,
      verifyingContract: EIP712_VECTOR.verifyingContract,
    });
    expect(ORDER_CHAIN_ID).toBe(8453);
  });

  it("lists the Order fields in the spec's order and types", () => {
    expect(ORDER_TYPES.Order.map((f) => `${f.type} ${f.name}`)).toEqual([
      'uint256 salt',
      'address maker',
      'address signer',
      'address taker',
      'uint256 tokenId',
      'uint256 makerAmount',
      'uint256 takerAmount',
      'uint256 expiration',
      'uint256 nonce',
      'uint256 feeRateBps',
      'uint8 side',
      'uint8 signatureType',
    ]);
  });

  it('reproduces the known typed-data hash', () => {
    expect(hashOrder(domain, struct)).toBe(EIP712_VECTOR.hash);
  });

  it('reproduces the known signature with a viem local account', async () => {
    const signature = await account.signTypedData(orderTypedData(domain, struct));
    expect(signature).toBe(EIP712_VECTOR.signature);
  });

  it('recovers the signer from the known signature', async () => {
    await expect(recoverOrderSigner(domain, struct, EIP712_VECTOR.signature)).resolves.toBe(
      account.address,
    );
  });

  it('binds every part: another exchange name, contract or amount gives another hash', () => {
    const hashes = new Set([
      hashOrder(domain, struct),
      hashOrder(orderDomain('Other', EIP712_VECTOR.verifyingContract), struct),
      hashOrder(orderDomain('Sandbox', '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'), struct),
      hashOrder(domain, { ...struct, makerAmount: struct.makerAmount + 1n }),
      hashOrder(domain, { ...struct, side: 1 }),
    ]);
    expect(hashes.size).toBe(5);
    expect(hashTypedData(orderTypedData(domain, struct))).toBe(EIP712_VECTOR.hash);
  });
});
