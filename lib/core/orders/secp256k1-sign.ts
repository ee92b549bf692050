/**
 * secp256k1 ECDSA signing of a 32-byte digest, the same signature as @noble/curves'
 * `secp256k1.sign(digest, key, { lowS: true, extraEntropy: false })` (RFC 6979 nonce,
 * low s, recovery bit), with a faster k⋅G.
 *
 * k⋅G is the cost of a signature. noble multiplies with complete projective formulas and a
 * fake addition beside every real one (66 additions of about 40 field operations). Here
 * G is fixed, so a table holds (j + 1)⋅256^i⋅G in affine form for every byte position i
 * and j in 0…255 (8,192 points, about 1 MB, built once on first use in tens of ms), and
 * k⋅G is 31 mixed Jacobian additions of 11 multiplications each, then one inversion.
 * Every byte position adds a point whatever k is: k is written as Σ (e_i + 1)⋅256^i with
 * e_i the bytes of k − 0x0101…01, so no digit is zero and no window is skipped (the
 * number of additions does not depend on k). Nonces, r, s and recovery follow noble
 * step for step; the property tests compare every signature with viem's.
 */

import { invert } from '@noble/curves/abstract/modular';
import { createHmacDrbg } from '@noble/curves/abstract/utils';
import { secp256k1 } from '@noble/curves/secp256k1';
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';

const Point = secp256k1.ProjectivePoint;
const P = secp256k1.CURVE.Fp.ORDER;
const N = secp256k1.CURVE.n;
const HALF_N = N >> 1n;

/** 0x0101…01 (32 bytes): k − ONES has bytes e_i with k = Σ (e_i + 1)⋅256^i. */
const ONES = BigInt(`0x${'01'.repeat(32)}`);

let tableX: bigint[] | undefined;
let tableY: bigint[] | undefined;

/** (j + 1)⋅256^i⋅G at [i⋅256 + j], affine. */
function buildTable(): void {
  const points: InstanceType<typeof Point>[] = [];
  let base = Point.BASE;
  for (let i = 0; i < 32; i++) {
    let p = base;
    for (let j = 0; j < 256; j++) {
      points.push(p);
      if (j < 255) p = p.add(base);
    }
    base = p; // 256⋅base
  }
  const affine = Point.normalizeZ(points); // one batched inversion
  tableX = affine.map((p) => p.X);
  tableY = affine.map((p) => p.Y);
}

/** Builds the table now (e.g. when a signer is made) rather than on the first signature. */
export function prepareBaseTable(): void {
  if (!tableX) buildTable();
}

const mod = (a: bigint): bigint => {
  const r = a % P;
  return r < 0n ? r + P : r;
};

/** k⋅G in affine coordinates, for 0 < k < n. */
export function multiplyBase(k: bigint): { x: bigint; y: bigint } {
  if (k <= 0n || k >= N) throw new Error('scalar out of range');
  if (k < ONES) {
    // Below 2^248 by far (probability 2^-248 for a nonce): noble's multiplication.
    const q = Point.BASE.multiply(k).toAffine();
    return { x: q.x, y: q.y };
  }
  if (!tableX || !tableY) buildTable();
  const tx = tableX as bigint[];
  const ty = tableY as bigint[];
  let e = k - ONES;
  let index = Number(e & 0xffn);
  let X = tx[index] as bigint;
  let Y = ty[index] as bigint;
  let Z = 1n;
  for (let i = 1; i < 32; i++) {
    e >>= 8n;
    index = i * 256 + Number(e & 0xffn);
    const x2 = tx[index] as bigint;
    const y2 = ty[index] as bigint;
    // madd-2007-bl: (X, Y, Z) + (x2, y2, 1). Differences are brought back into [0, p)
    // with one conditional addition, cheaper than a BigInt remainder.
    const ZZ = (Z * Z) % P;
    const U2 = (x2 * ZZ) % P;
    const S2 = (((y2 * Z) % P) * ZZ) % P;
    let H = U2 - X;
    if (H < 0n) H += P;
    let R = S2 - Y;
    if (R < 0n) R += P;
    R <<= 1n;
    if (H === 0n) {
      // The accumulated point equals the table point (it cannot be its negation: the
      // partial sums stay below n). Rare (about 2^-16 per position): double instead.
      if (R % P !== 0n) throw new Error('unexpected point at infinity');
      [X, Y, Z] = double(X, Y, Z);
      continue;
    }
    const HH = (H * H) % P;
    const I = HH << 2n;
    const J = (H * I) % P;
    const V = (X * I) % P;
    const X3 = mod(R * R - J - (V << 1n));
    let VX = V - X3;
    if (VX < 0n) VX += P;
    Y = mod(R * VX - (((Y * J) % P) << 1n));
    Z = (((Z * H) % P) << 1n) % P;
    X = X3;
  }
  const zi = invert(Z, P);
  const zi2 = (zi * zi) % P;
  return { x: (X * zi2) % P, y: (((Y * zi2) % P) * zi) % P };
}

/** dbl-2009-l (a = 0). */
function double(X: bigint, Y: bigint, Z: bigint): [bigint, bigint, bigint] {
  const A = (X * X) % P;
  const B = (Y * Y) % P;
  const C = (B * B) % P;
  const D = mod(2n * ((((X + B) * (X + B)) % P) - A - C));
  const E = 3n * A;
  const F = (E * E) % P;
  const X3 = mod(F - 2n * D);
  const Y3 = mod(E * (D - X3) - 8n * C);
  const Z3 = mod(2n * Y * Z);
  return [X3, Y3, Z3];
}

const drbg = createHmacDrbg<{ r: bigint; s: bigint; recovery: number }>(32, 32, (key, ...msgs) =>
  hmac(sha256, key, concat(msgs)),
);

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function bytesToBigInt(bytes: Uint8Array): bigint {
  let hex = '0x';
  for (let i = 0; i < bytes.length; i++) hex += (bytes[i] as number).toString(16).padStart(2, '0');
  return BigInt(hex);
}

function bigIntTo32(value: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 31, v = value; i >= 0; i--, v >>= 8n) out[i] = Number(v & 0xffn);
  return out;
}

/**
 * Signs a 32-byte digest with a private key scalar d (0 < d < n): RFC 6979 nonce (no
 * extra entropy), r = (k⋅G).x mod n, s = k⁻¹(h + r⋅d) mod n made low, recovery bit.
 */
export function signDigest32(
  digest: Uint8Array,
  d: bigint,
): { r: bigint; s: bigint; recovery: number } {
  if (digest.length !== 32) throw new Error('the digest is not 32 bytes');
  if (d <= 0n || d >= N) throw new Error('the private key is out of range');
  const h = bytesToBigInt(digest) % N;
  const seed = concat([bigIntTo32(d), bigIntTo32(h)]);
  return drbg(seed, (kBytes) => {
    const k = bytesToBigInt(kBytes);
    if (k <= 0n || k >= N) return undefined;
    const q = multiplyBase(k);
    const r = q.x % N;
    if (r === 0n) return undefined;
    const s = (invert(k, N) * ((h + r * d) % N)) % N;
    if (s === 0n) return undefined;
    let recovery = (q.x === r ? 0 : 2) | Number(q.y & 1n);
    if (s > HALF_N) {
      recovery ^= 1;
      return { r, s: N - s, recovery };
    }
    return { r, s, recovery };
  });
}
