/**
 * What the custom-site test needs beyond the shared harness: the exchange's market site
 * under a non-loopback HTTPS origin, and a browser profile in which that origin's host
 * permission has been granted by the user before (Chromium's permission prompt is browser
 * UI that no automation can answer).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Resolved to 127.0.0.1 by Chromium (`--host-resolver-rules`), never by DNS. */
export const CUSTOM_HOST = 'custom-exchange.test';
/** A second copy of the site (a mirror), added in the settings after the setup. */
export const MIRROR_HOST = 'mirror-exchange.test';

export interface CustomSite {
  /** `https://<host>:<port>`, e.g. `https://custom-exchange.test:<port>`. */
  origin: string;
  close(): Promise<void>;
}

/** A throwaway self-signed certificate for `host` (Chromium is told to accept it). */
function selfSignedCertificate(dir: string, host: string): { key: Buffer; cert: Buffer } {
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        `/CN=${host}`,
        '-addext',
        `subjectAltName=DNS:${host}`,
      ],
      { stdio: 'ignore' },
    );
  } catch (error) {
    throw new Error(
      `openssl could not make a test certificate for ${host} (${error instanceof Error ? error.message : String(error)}); install openssl`,
    );
  }
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/**
 * The sandbox's market site served again over HTTPS on a free port (a reverse proxy for
 * GET requests), so it can stand for a custom deployment's site.
 */
export async function startCustomSite(target: string, host = CUSTOM_HOST): Promise<CustomSite> {
  const dir = mkdtempSync(join(tmpdir(), 'mc-e2e-cert-'));
  const server = createServer(selfSignedCertificate(dir, host), (req, res) => {
    void (async () => {
      try {
        const upstream = await fetch(new URL(req.url ?? '/', target), { method: 'GET' });
        res.writeHead(upstream.status, {
          'content-type': upstream.headers.get('content-type') ?? 'text/html',
        });
        res.end(Buffer.from(await upstream.arrayBuffer()));
      } catch {
        res.writeHead(502).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}

/** Chromium's id of an unpacked extension: the SHA-256 of its absolute path, in letters a–p. */
export function unpackedExtensionId(extensionDir: string): string {
  const hex = createHash('sha256').update(realpathSync(extensionDir)).digest('hex').slice(0, 32);
  return [...hex].map((c) => String.fromCharCode(97 + Number.parseInt(c, 16))).join('');
}

/**
 * A fresh profile in which the user once granted these host patterns to the extension at
 * runtime (`runtime_granted_permissions`). The extension does not hold them (contains()
 * is false) until it asks with `permissions.request`, which Chromium then grants without
 * a prompt — the same call path as a user clicking "Allow".
 */
export function profileWithRuntimeGrant(extensionDir: string, patterns: string[]): string {
  const userDataDir = mkdtempSync(join(tmpdir(), 'mc-e2e-profile-'));
  mkdirSync(join(userDataDir, 'Default'), { recursive: true });
  const id = unpackedExtensionId(extensionDir);
  const granted = {
    api: [],
    explicit_host: patterns,
    manifest_permissions: [],
    scriptable_host: [],
  };
  writeFileSync(
    join(userDataDir, 'Default', 'Preferences'),
    JSON.stringify({
      extensions: { settings: { [id]: { runtime_granted_permissions: granted } } },
    }),
  );
  return userDataDir;
}
