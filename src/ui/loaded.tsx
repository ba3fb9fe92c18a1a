/**
 * A call's answer in a component, and its states: loading, failed (with a retry), empty, or what
 * was loaded. The words are the kit's (`UiWordsContext`, words.tsx).
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { isSessionEnded } from '../kernel/http/client.ts';
import { useUiWords } from './words.tsx';
import listsCss from './lists.css?url';
import { addStylesheet } from './stylesheets.ts';

void addStylesheet(listsCss);

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/**
 * Runs `load` now and whenever `key` changes (a filter or a page); an answer to an older key is
 * dropped. A failure that `handled` takes care of (by default an ended session, which the shell
 * announces, offering the login in place: spec 8) leaves the answer shown; any other shows its
 * message.
 */
export function useLoad<T>(load: () => Promise<T>, key: string, handled: (err: unknown) => boolean = isSessionEnded): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const handledRef = useRef(handled);
  handledRef.current = handled;
  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    loadRef
      .current()
      .then((v) => {
        if (!live) return;
        setData(v);
      })
      .catch((err: unknown) => {
        if (!live) return;
        if (handledRef.current(err)) return;
        setError(err instanceof Error ? err.message : String(err));
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading, reload };
}

/** The failed state (with a retry), the loading state, then `children` with what was loaded. */
export function WhenLoaded<T>({ loaded, children }: { loaded: Loaded<T>; children: (data: T) => ReactNode }) {
  if (loaded.error) return <LoadFailed message={loaded.error} onRetry={loaded.reload} />;
  if (!loaded.data) return <Loading />;
  return <>{children(loaded.data)}</>;
}

/** The empty state of a list. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="wl-empty">{children}</p>;
}

/** A load that failed, with the server's (or the network) message and a retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { common } = useUiWords();
  return (
    <div className="wl-failed" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
        {common.retry}
      </button>
    </div>
  );
}

/** A quiet "loading" line for a list's first load. */
export function Loading() {
  const { common } = useUiWords();
  return (
    <p className="wl-loading" role="status">
      <span className="wl-spin" aria-hidden="true" />
      {common.loading}
    </p>
  );
}
