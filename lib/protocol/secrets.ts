import { z } from 'zod';
import { ApiCredentials } from '../core/api/exchange';

export const PrivateKey = z
  .string()
  .trim()
  .transform((k) => (k.startsWith('0x') ? k : `0x${k}`))
  .pipe(z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'a private key is 64 hex characters (32 bytes)'));

/** How orders get signed: an own EOA key, or the server for a partner's sub-accounts. */
export const SigningSecret = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('eoa'), privateKey: PrivateKey }),
  z.object({ kind: z.literal('delegated') }),
]);
export type SigningSecret = z.infer<typeof SigningSecret>;

/** Everything the vault encrypts. */
export const VaultSecrets = z.object({
  apiToken: ApiCredentials,
  signing: SigningSecret,
});
export type VaultSecrets = z.infer<typeof VaultSecrets>;
