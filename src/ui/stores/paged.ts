/**
 * A list of games loaded a page at a time, where More appends the next page (spec 4 Search,
 * the vendor popup, /recent). One store per list; an answer that arrives after the list was
 * reset or reloaded is dropped, so a slow first search cannot overwrite a newer one.
 */
import { atom, type ReadableAtom } from 'nanostores';

export interface Page<T> {
  list: T[];
  /** The page answered (1-based). */
  pageNum: number;
  totalPages: number;
  /** When the call says it (gameList). */
  totalCount?: number;
}

export interface PagedState<T> {
  /** null before the first page arrives (and after reset). */
  list: T[] | null;
  /** Last page loaded (0: none). */
  page: number;
  totalPages: number;
  totalCount: number | null;
  /** loading: the first page; more: a next page; error: the last load failed (retry repeats it). */
  status: 'idle' | 'loading' | 'more' | 'ready' | 'error';
  /** Message of the failure, in the page's language (ApiFailure's). */
  error: string | null;
}

export interface PagedList<T> {
  $state: ReadableAtom<PagedState<T>>;
  /** Loads the first page again (a new list replaces the old one). */
  reload(): Promise<void>;
  /** Appends the next page, if there is one and nothing is loading. */
  more(): Promise<void>;
  /** Repeats the load that failed. */
  retry(): Promise<void>;
  /** Empties the list and forgets any answer still on its way. */
  reset(): void;
  /** Is there a next page? */
  hasMore(): boolean;
}

const initial = <T>(): PagedState<T> => ({ list: null, page: 0, totalPages: 0, totalCount: null, status: 'idle', error: null });

/** A paged list whose pages come from `fetchPage(page)`. */
export function pagedList<T>(fetchPage: (page: number) => Promise<Page<T>>): PagedList<T> {
  const $state = atom<PagedState<T>>(initial<T>());
  let generation = 0;
  let failed: 'first' | 'next' | null = null;

  async function load(page: number): Promise<void> {
    const gen = ++generation;
    const before = $state.get();
    $state.set({ ...(page === 1 ? initial<T>() : before), status: page === 1 ? 'loading' : 'more', error: null });
    try {
      const p = await fetchPage(page);
      if (gen !== generation) return;
      failed = null;
      const prev = page === 1 ? [] : ($state.get().list ?? []);
      $state.set({
        list: [...prev, ...p.list],
        page: p.list.length > 0 || page === 1 ? page : before.page,
        totalPages: p.totalPages,
        totalCount: p.totalCount ?? null,
        status: 'ready',
        error: null,
      });
    } catch (err) {
      if (gen !== generation) return;
      failed = page === 1 ? 'first' : 'next';
      $state.set({ ...$state.get(), status: 'error', error: err instanceof Error ? err.message : String(err) });
    }
  }

  const api: PagedList<T> = {
    $state,
    reload: () => load(1),
    hasMore() {
      const s = $state.get();
      return s.list !== null && s.page < s.totalPages;
    },
    async more() {
      const s = $state.get();
      if (s.status === 'loading' || s.status === 'more' || !api.hasMore()) return;
      await load(s.page + 1);
    },
    async retry() {
      if (failed === 'next') await load($state.get().page + 1);
      else await load(1);
    },
    reset() {
      generation++;
      failed = null;
      $state.set(initial<T>());
    },
  };
  return api;
}
