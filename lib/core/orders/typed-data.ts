import {
  type Address,
  type Hex,
  hashTypedData,
  recoverTypedDataAddress,
  type TypedDataDomain,
} from 'viem';

/** Chain id of order signing (spec: Resources). */
export const ORDER_CHAIN_ID = 8453;
export const ORDER_DOMAIN_VERSION = '1';
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000' as const;

/** Primary type `Order`, fields in the spec's order: the order is part of the hash. */
export const ORDER_TYPES = {
  Order: [
    { name: 'salt', type: 'uint256' },
    { name: 'maker', type: 'address' },
    { name: 'signer', type: 'address' },
    { name: 'taker', type: 'address' },
    { name: 'tokenId', type: 'uint256' },
    { name: 'makerAmount', type: 'uint256' },
    { name: 'takerAmount', type: 'uint256' },
    { name: 'expiration', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'feeRateBps', type: 'uint256' },
    { name: 'side', type: 'uint8' },
    { name: 'signatureType', type: 'uint8' },
  ],
} as const;

/** The struct that is signed; `timestamp`, `clientOrderId` and friends stay outside it. */
export interface OrderStruct {
  salt: bigint;
  maker: Address;
  signer: Address;
  taker: Address;
  tokenId: bigint;
  makerAmount: bigint;
  takerAmount: bigint;
  expiration: bigint;
  nonce: bigint;
  feeRateBps: bigint;
  side: 0 | 1;
  signatureType: number;
}

export function orderDomain(exchangeName: string, verifyingContract: Address): TypedDataDomain {
  return {
    name: `${exchangeName} CTF Exchange`,
    version: ORDER_DOMAIN_VERSION,
    chainId: ORDER_CHAIN_ID,
    verifyingContract,
  };
}

export function orderTypedData(domain: TypedDataDomain, order: OrderStruct) {
  return { domain, types: ORDER_TYPES, primaryType: 'Order' as const, message: order };
}

export const hashOrder = (domain: TypedDataDomain, order: OrderStruct): Hex =>
  hashTypedData(orderTypedData(domain, order));

export const recoverOrderSigner = (
  domain: TypedDataDomain,
  order: OrderStruct,
  signature: Hex,
): Promise<Address> => recoverTypedDataAddress({ ...orderTypedData(domain, order), signature });
