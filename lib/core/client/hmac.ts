import { base64ToBytes, bytesToBase64 } from './base64';

export const AUTH_HEADERS = {
  key: 'svc-api-key',
  timestamp: 'svc-timestamp',
  signature: 'svc-signature',
} as const;

export type AuthHeaders = Record<(typeof AUTH_HEADERS)[keyof typeof AUTH_HEADERS], string>;

/** `timestamp \n METHOD \n path-with-query \n body` (body empty for GET). */
export const signingMessage = (
  timestamp: string,
  method: string,
  pathWithQuery: string,
  body: string,
): string => `${timestamp}\n${method.toUpperCase()}\n${pathWithQuery}\n${body}`;

const encoder = new TextEncoder();

/**
 * Holds a scoped token: the secret is imported once as a non-extractable WebCrypto key,
 * so after construction not even this object can give it back.
 */
export class RequestSigner {
  private constructor(
    readonly tokenId: string,
    private readonly key: CryptoKey,
  ) {}

  static async create(tokenId: string, secretBase64: string): Promise<RequestSigner> {
    let raw: Uint8Array<ArrayBuffer>;
    try {
      raw = base64ToBytes(secretBase64.trim());
    } catch {
      throw new Error('The token secret is not valid base64.');
    }
    if (raw.length === 0) throw new Error('The token secret is empty.');
    const key = await crypto.subtle.importKey(
      'raw',
      raw,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    return new RequestSigner(tokenId, key);
  }

  async sign(message: string): Promise<string> {
    const mac = await crypto.subtle.sign('HMAC', this.key, encoder.encode(message));
    return bytesToBase64(new Uint8Array(mac));
  }

  async headers(
    timestamp: string,
    method: string,
    pathWithQuery: string,
    body: string,
  ): Promise<AuthHeaders> {
    return {
      [AUTH_HEADERS.key]: this.tokenId,
      [AUTH_HEADERS.timestamp]: timestamp,
      [AUTH_HEADERS.signature]: await this.sign(
        signingMessage(timestamp, method, pathWithQuery, body),
      ),
    };
  }
}
