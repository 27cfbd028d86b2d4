// Events arriving from a child process (a JVM's JSON lines, a Node worker's IPC messages), taken
// in order by whoever waits for the one that answers a command.

export type ChildEvent = { event: string } & Record<string, unknown>;

export class EventQueue {
  private readonly events: ChildEvent[] = [];
  private wake: (() => void) | undefined;
  private ended: string | undefined;

  constructor(
    /** Who sends the events, for error messages ("Java client", "Node worker 2"). */
    private readonly source: string,
    /** Extra context for failures (e.g. the tail of the child's stderr). */
    private readonly context: () => string = () => "",
  ) {}

  push(event: ChildEvent): void {
    this.events.push(event);
    this.wake?.();
  }

  /** The child is gone: waiting for anything fails with `why`. */
  end(why: string): void {
    this.ended = why;
    this.wake?.();
  }

  get isEnded(): boolean {
    return this.ended !== undefined;
  }

  /** Resolves with the next `until` event; an "error" event or the child's end rejects; others go to `onEvent`. */
  async waitFor(until: string, onEvent?: (event: ChildEvent) => void): Promise<ChildEvent> {
    for (;;) {
      const event = this.events.shift();
      if (event !== undefined) {
        if (event.event === until) return event;
        if (event.event === "error") throw new Error(`${this.source}: ${String(event.message)}${this.context()}`);
        onEvent?.(event);
        continue;
      }
      if (this.ended !== undefined) throw new Error(`${this.source}: ${this.ended} before "${until}"${this.context()}`);
      await new Promise<void>((wake) => (this.wake = wake));
      this.wake = undefined;
    }
  }
}
