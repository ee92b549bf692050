/** One bot activity on its own cadence. */
export interface Actor {
  name: string;
  /** Virtual ms until its next turn. */
  interval(): number;
  act(): Promise<void>;
}

/**
 * Runs actors one at a time in the order of a virtual schedule (each actor's next turn is
 * its last plus a seeded interval), sleeping the virtual gap × `pace` between turns. One
 * turn finishes before the next starts, so for a seed the order of everything the bots do
 * is fixed, however slow the machine is; a slow turn delays the rest instead of bunching
 * them up.
 */
export class BotLoop {
  private running = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private wake: (() => void) | null = null;
  private readonly due: number[];
  private done: Promise<void> = Promise.resolve();

  constructor(
    private readonly actors: readonly Actor[],
    private readonly pace: number,
    private readonly onError: (actor: string, error: unknown) => void = () => {},
  ) {
    this.due = actors.map((a) => a.interval());
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.done = this.run();
  }

  /** Stops after the turn in progress (if any); resolves once it has ended. */
  stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.wake?.();
    return this.done;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
      this.timer = setTimeout(resolve, ms);
    });
  }

  private async run(): Promise<void> {
    let now = 0;
    while (this.running && this.actors.length > 0) {
      let index = 0;
      for (let i = 1; i < this.due.length; i++) {
        if ((this.due[i] ?? Infinity) < (this.due[index] ?? Infinity)) index = i;
      }
      const actor = this.actors[index];
      const at = this.due[index] ?? now;
      if (!actor) return;
      await this.sleep(Math.max(0, (at - now) * this.pace));
      if (!this.running) return;
      now = at;
      try {
        await actor.act();
      } catch (error) {
        // A bot's failure must never take the sandbox down.
        this.onError(actor.name, error);
      }
      this.due[index] = at + actor.interval();
    }
  }
}
