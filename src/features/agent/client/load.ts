/**
 * One call's answer as a store, for the back office's lists and pages: loading, the answer, or
 * the failure's message and errorCode. The answer shown stays while the next one loads (a filter
 * or a page changed), and an answer to an older query is dropped, so a slow answer never
 * overwrites a newer one. The same query is not asked twice unless `reload` says so.
 */
import { map, task, type ReadableAtom } from 'nanostores';
import { ApiFailure, isSessionEnded } from '../../../kernel/http/client.ts';

export interface LoadView<T> {
  data: T | null;
  /** The failure's message, in the page's language (the server's or the client's). */
  error: string | null;
  /** The failure's errorCode, to place its message under a field. */
  code: string | null;
  loading: boolean;
}

export interface Load<Q, T> {
  $load: ReadableAtom<LoadView<T>>;
  /** Asks `query`, unless it is the query asked last (`again`: even then). */
  load(query: Q, o?: { again?: boolean }): Promise<void>;
  /** Asks the last query again (a retry, or fresh figures after a change). */
  reload(): Promise<void>;
}

/**
 * A store of the answers of `fetch`. An ended session is left to the shell, which says so and
 * offers the login (spec 8; the agent calls' only 401s are the dispatcher's ended sessions), so
 * the list keeps what it showed; `sayEnded` shows it like any other failure instead.
 */
export function createLoad<Q, T>(fetch: (query: Q) => Promise<T>, o: { sayEnded?: boolean } = {}): Load<Q, T> {
  const $load = map<LoadView<T>>({ data: null, error: null, code: null, loading: true });
  let latest = 0;
  let asked: { query: Q; key: string } | null = null;

  function run(query: Q): Promise<void> {
    const mine = ++latest;
    $load.set({ ...$load.get(), error: null, code: null, loading: true });
    return task(async () => {
      try {
        const data = await fetch(query);
        if (mine === latest) $load.set({ data, error: null, code: null, loading: false });
      } catch (err) {
        if (mine !== latest) return;
        if (!o.sayEnded && isSessionEnded(err)) return $load.set({ ...$load.get(), loading: false });
        $load.set({ ...$load.get(), error: err instanceof Error ? err.message : String(err), code: err instanceof ApiFailure ? err.errorCode : null, loading: false });
      }
    });
  }

  return {
    $load,
    load(query, { again = false } = {}) {
      const key = JSON.stringify(query);
      if (asked?.key === key && !again) return Promise.resolve();
      asked = { query, key };
      return run(query);
    },
    reload: () => (asked ? run(asked.query) : Promise.resolve()),
  };
}
