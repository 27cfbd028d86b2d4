// How a pool offers its sessions' operations without restating them: each operation of
// session/operations.ts gets a route (which session runs it, whether it is retried or routed by
// device, how it merges in a group commit), and BasePool.defineOperations makes one method per
// route that calls the session's method of the same name (a split insert sends each part with its
// merge kind's send, as a group commit does). The signatures and their documentation
// stay in operations.ts, so a pool's method cannot drift from the session's: a table of routes that
// misses an operation does not compile.
import type { CallOptions } from "../abort.js";
import type { MergeKind } from "./group-commit.js";
import type { WrittenDevices } from "./redirect-hints.js";

/** How a pool sends one operation whose arguments are A, on sessions S. */
export type OperationRoute<S, A extends readonly unknown[]> =
  /**
   * On any session, not retried; `options` is the index of the operation's CallOptions, if it takes them (its signal
   * aborts the wait for a session).
   */
  | { readonly via: "any"; readonly options?: number }
  /**
   * A query: retried while its data set does not exist; the session stays with the data set until it closes. `options`:
   * the index of its QueryOptions.
   */
  | { readonly via: "query"; readonly options: number }
  /** A query of one device, sent where the device lives and learning the answer's redirect hint. */
  | { readonly via: "device-query"; device(args: A): string | undefined }
  /**
   * An insert routed by its devices; the session gets the arguments before `options` (the pool
   * handles the signal), and `merge` says how it joins a group commit (none: always sent alone).
   */
  | {
      readonly via: "insert";
      readonly options: number;
      devices(args: A): WrittenDevices | undefined;
      merge?(args: A): { kind: MergeKind<S, unknown>; item: unknown };
    }
  /**
   * An insert of many items (the first argument; options the second), split by the items' routes and merged per kind.
   */
  | { readonly via: "split-insert"; readonly kind: MergeKind<S, unknown> };

type ArgsOf<F> = F extends (...args: infer A) => unknown ? A : never;

/** A route for every operation of Ops. */
export type OperationRoutes<Ops, S> = { readonly [K in keyof Ops]-?: OperationRoute<S, ArgsOf<Ops[K]>> };

/**
 * Calls `session[method](...args)`. The one place where an operation is called by name: the
 * route tables are checked against the operations' types, and every session implements them.
 */
export function forward<R>(session: object, method: string, args: readonly unknown[]): Promise<R> {
  return (session as Record<string, (...a: readonly unknown[]) => Promise<R>>)[method]!(...args);
}

/** The CallOptions argument at `index`, as the caller passed it (the session checks it). */
export function optionsAt(args: readonly unknown[], index: number | undefined): CallOptions | undefined {
  return index === undefined ? undefined : (args[index] as CallOptions | undefined);
}

/** Installs `method` on `target` as a class method is (writable, configurable, not enumerable). */
export function defineMethod(target: object, method: string, fn: (this: never, ...args: unknown[]) => unknown): void {
  Object.defineProperty(fn, "name", { value: method });
  Object.defineProperty(target, method, { value: fn, writable: true, configurable: true, enumerable: false });
}
