import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { FeedAudience } from '../../lib/core/api/feed';

/**
 * What a cursor carries: the audience that issued it (`requested`), the stream it pages
 * (`effective`: `all` after a featured fallback), and the position of the page's last
 * entry (time + id, so newer entries never shift it).
 */
const CursorPayload = z.strictObject({
  v: z.literal(1),
  requested: FeedAudience,
  effective: FeedAudience,
  at: z.number().int().nonnegative(),
  id: z.string().min(1).max(200),
});
export type CursorPayload = z.infer<typeof CursorPayload>;

const b64url = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64url');

/**
 * Opaque, tamper-proof cursors: base64url(JSON) + "." + base64url(HMAC-SHA256) with a
 * secret drawn once per sandbox, so a cursor from another sandbox or an edited one is
 * refused rather than trusted.
 */
export class CursorCodec {
  constructor(private readonly secret: Buffer = randomBytes(32)) {}

  private mac(body: string): Buffer {
    return createHmac('sha256', this.secret).update(body).digest();
  }

  encode(payload: CursorPayload): string {
    const body = b64url(JSON.stringify(payload));
    return `${body}.${b64url(this.mac(body))}`;
  }

  /** The payload, or null when the cursor is malformed or was not issued by this sandbox. */
  decode(cursor: string): CursorPayload | null {
    const parts = cursor.split('.');
    if (parts.length !== 2) return null;
    const [body = '', mac = ''] = parts;
    if (!/^[A-Za-z0-9_-]+$/.test(body) || !/^[A-Za-z0-9_-]+$/.test(mac)) return null;
    const given = Buffer.from(mac, 'base64url');
    const expected = this.mac(body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const parsed = CursorPayload.safeParse(json);
    return parsed.success ? parsed.data : null;
  }
}
