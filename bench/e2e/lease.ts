// A fixed set of sessions lent to concurrent clients, first come first served: the stand-in for a
// session pool of POOL_MAX_SIZE until our client has one (the Java side lends its sessions the
// same way, so both libraries run the same concurrency).

export class Lease<T> {
  private readonly idle: T[];
  private readonly waiting: ((item: T) => void)[] = [];

  constructor(items: readonly T[]) {
    this.idle = [...items];
  }

  acquire(): T | Promise<T> {
    const item = this.idle.pop();
    if (item !== undefined) return item;
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(item: T): void {
    const next = this.waiting.shift();
    if (next !== undefined) next(item);
    else this.idle.push(item);
  }
}
