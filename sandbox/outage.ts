import type { Server as HttpServer } from 'node:http';

/**
 * The exchange's two kinds of outage, as a real server has them (tests of the extension's
 * outage notice drive it in-process; the API port cannot serve a switch while it is down):
 *
 * - `stop()`: the process is gone. The port refuses connections, open ones are cut, every
 *   socket is disconnected. `resume()` listens again on the same port, with the same state.
 * - `hang()`: the process is up and answers nothing. Connections are accepted, but no HTTP
 *   request is answered (each waits until `resume()`, then is handled late, as a stalled
 *   server's backlog is) and no Socket.IO event is sent or taken.
 */
export class SandboxOutage {
  private hangs: (() => void)[] | null = null;
  private stopped: { port: number } | null = null;
  private server: HttpServer | null = null;
  private disconnectSockets: () => void = () => undefined;

  /** Called by the sandbox once it listens. */
  attach(server: HttpServer, disconnectSockets: () => void): void {
    this.server = server;
    this.disconnectSockets = disconnectSockets;
  }

  /** Socket.IO events taken and dropped while hung (what tests wait on). */
  ignoredEvents = 0;

  get hung(): boolean {
    return this.hangs !== null;
  }

  /** HTTP requests held now, waiting for `resume()`. */
  get held(): number {
    return this.hangs?.length ?? 0;
  }

  /** Resolves at once while the server answers; while hung, when it answers again. */
  answering(): Promise<void> {
    const hangs = this.hangs;
    if (hangs === null) return Promise.resolve();
    return new Promise((resolve) => hangs.push(resolve));
  }

  hang(): void {
    this.hangs ??= [];
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server || this.stopped) return;
    const address = server.address();
    if (address === null || typeof address === 'string') return;
    this.stopped = { port: address.port };
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    this.disconnectSockets();
    server.closeAllConnections();
    await closed;
  }

  /** Answers again: listens again after `stop()`, lets held requests through after `hang()`. */
  async resume(): Promise<void> {
    const held = this.hangs ?? [];
    this.hangs = null;
    for (const release of held) release();
    const server = this.server;
    const stopped = this.stopped;
    if (!server || !stopped) return;
    this.stopped = null;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(stopped.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  }
}
