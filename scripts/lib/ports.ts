import { createServer } from 'node:net';

/** A port `npm start` needs is held by another program. */
export class PortTaken extends Error {
  override name = 'PortTaken';
}

function isFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/**
 * Checks the fixed ports before anything starts, so a second `npm start` (or another
 * program on 4010/4011) gets one clear sentence instead of a half-started sandbox.
 */
export async function assertPortsFree(
  wanted: { port: number; what: string; flag: string }[],
  host = '127.0.0.1',
): Promise<void> {
  for (const { port, what, flag } of wanted) {
    if (port === 0 || (await isFree(port, host))) continue;
    throw new PortTaken(
      `Port ${port} (${what}) on ${host} is already in use — is another \`npm start\` or \`npm run sandbox\` running? Stop it, or pick another port with ${flag} N (the extension is pointed at whatever ports the sandbox gets).`,
    );
  }
}
