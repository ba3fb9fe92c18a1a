/**
 * Who a piece of work is for, without passing it down every call: the dispatcher runs each
 * call's handler inside a context holding the caller's address, and shared machinery deep below
 * (the password hashing queue) reads it to share capacity fairly between callers.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  /** The caller's address. */
  ip: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` as work for `ctx`. */
export function runAsCaller<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

/** The caller of the work in progress, or null outside a call (start-up, ops, tests). */
export function currentCaller(): RequestContext | null {
  return storage.getStore() ?? null;
}
