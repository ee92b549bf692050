import { z } from 'zod';

/**
 * Building blocks shared by every resource schema.
 *
 * Raw amounts stay decimal strings in parsed data (they cross `chrome.runtime`
 * messaging, which cannot carry bigint); arithmetic converts them with `BigInt()`
 * at the point of use, never through a float.
 */

/** A JSON object that keeps keys we do not read (the server may add fields). */
export const record = z.looseObject;

/**
 * What a tolerant enum reads a value this version does not know as. Not `UNKNOWN`: the
 * order-status batch already uses that word for "the exchange does not know this order",
 * which makes the desk send again; a status we cannot read must never mean that.
 */
export const UNRECOGNIZED = 'UNRECOGNIZED';
export type Unrecognized = typeof UNRECOGNIZED;

/**
 * An enum in a server body, read tolerantly (docs/exchange-api.md: unknown enum values never
 * crash a screen): every other string becomes `UNRECOGNIZED`, which every consumer handles;
 * a non-string is still an error. Parsing is idempotent (an `UNRECOGNIZED` parses as
 * itself), so parsed data can cross extension messaging and be parsed again. Requests,
 * and the sandbox's own records, use the strict values.
 */
export function tolerantEnum<const V extends readonly [string, ...string[]]>(values: V) {
  const known: ReadonlySet<string> = new Set(values);
  return z
    .custom<V[number] | Unrecognized>((v) => typeof v === 'string', 'expected a string')
    .transform((v): V[number] | Unrecognized => (known.has(v) ? v : UNRECOGNIZED));
}

/** Signed integer in raw units (6 decimals), as a string: `"5500000"`, `"-120"`. */
export const RawAmount = z
  .string()
  .regex(/^-?\d+$/, 'expected an integer amount in raw units, as a string');
export type RawAmount = z.infer<typeof RawAmount>;

/** Non-negative raw amount. */
export const UnsignedRawAmount = z
  .string()
  .regex(/^\d+$/, 'expected a non-negative integer amount in raw units, as a string');

/**
 * An integer the server may send as a JSON number or as a string. Normalised to a
 * decimal string; a number beyond 2^53 cannot be trusted and is refused.
 */
export const IntegerLike = z
  .union([
    z.string().regex(/^-?\d+$/, 'expected an integer'),
    z
      .number()
      .int('expected an integer')
      .refine(Number.isSafeInteger, 'integer is too large to be exact as a JSON number'),
  ])
  .transform((v) => (typeof v === 'number' ? String(v) : v));

/** Decimal quantity as a string (`"12.5"`, `"-0.25"`), the feed's convention. */
export const DecimalString = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/, 'expected a decimal number written as a string');
export type DecimalString = z.infer<typeof DecimalString>;

/** uint256 as a decimal string (token ids, salts). */
export const Uint256String = z
  .string()
  .regex(/^\d{1,78}$/, 'expected a uint256 written as a decimal string')
  // Zod runs every check even after the regex fails: BigInt must not see a non-integer.
  .refine((s) => !/^\d+$/.test(s) || BigInt(s) < 2n ** 256n, 'value does not fit in uint256');

/** 20-byte hex address; checksum rules are enforced where they matter (orders). */
export const Address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 0x-prefixed address');
export type Address = z.infer<typeof Address>;

export const HexString = z.string().regex(/^0x[0-9a-fA-F]*$/, 'expected 0x-prefixed hex');

export const IsoTime = z
  .string()
  .refine((s) => /^\d{4}-\d\d-\d\d/.test(s) && !Number.isNaN(Date.parse(s)), {
    message: 'expected an ISO 8601 time',
  });
export type IsoTime = z.infer<typeof IsoTime>;

export const Uuid = z
  .string()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i,
    'expected a UUID v4',
  );

/** A price on the 0–1 scale. */
export const Price = z.number().min(0).max(1);

/** `[yes, no]` prices, or null when no honest price exists. */
export const PricePair = z.tuple([Price, Price]);

export const Outcome = z.enum(['YES', 'NO']);
export type Outcome = z.infer<typeof Outcome>;

export const Side = z.enum(['BUY', 'SELL']);
export type Side = z.infer<typeof Side>;

/** `side` as the server may echo it: `0`/`1` or `BUY`/`SELL`. */
export const SideLike = z
  .union([Side, z.literal(0), z.literal(1)])
  .transform((v): Side => (v === 0 ? 'BUY' : v === 1 ? 'SELL' : v));

export const OrderType = z.enum(['GTC', 'FAK', 'FOK']);
export type OrderType = z.infer<typeof OrderType>;

export const TRADING_MODES = ['normal', 'post_only', 'cancel_only', 'disabled'] as const;
export const TradingMode = z.enum(TRADING_MODES);
export type TradingMode = z.infer<typeof TradingMode>;
/** The trading mode as the exchange reports it: a mode we do not know is `UNRECOGNIZED`. */
export const ReportedTradingMode = tolerantEnum(TRADING_MODES);
export type ReportedTradingMode = z.output<typeof ReportedTradingMode>;

export const StpPolicy = z.enum(['cancel_maker', 'cancel_taker', 'cancel_both']);
export type StpPolicy = z.infer<typeof StpPolicy>;
