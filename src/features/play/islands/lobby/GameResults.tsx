/**
 * A paged list of game tiles inside a popup (search results, a vendor's games): loading, empty
 * and error (with retry) states, the tiles, and More, which appends the next page. The tiles are
 * made from the page's template tiles (tiles.ts) and put into the list outside React, so the
 * hearts and the Play / Demo links behave exactly as on the page (favourites.ts and lobby.ts
 * turn them into buttons for a player; React never renders the list's children).
 */
import { useEffect, useRef } from 'react';
import type { GameItem } from '../../../games/client.ts';
import type { PagedState } from '../../../../ui/stores/paged.ts';
import { tilesFor } from '../../../games/client.ts';

export interface GameResultsProps {
  state: PagedState<GameItem>;
  hasMore: boolean;
  onMore: () => void;
  onRetry: () => void;
  /** Accessible name of the list. */
  listLabel: string;
  /** What the status line says once a page is there ('32 games'), and while loading. */
  summary: string;
  loading: string;
  loadingMore: string;
  empty: string;
  retry: string;
  more: string;
  /** Items left out of the list (the vendor popup's own lobby item). */
  skip?: (g: GameItem) => boolean;
}

export default function GameResults(p: GameResultsProps) {
  const grid = useRef<HTMLUListElement>(null);
  const shown = useRef<GameItem[]>([]);
  const list = p.state.list;

  useEffect(() => {
    const ul = grid.current;
    if (!ul) return;
    const games = (list ?? []).filter((g) => !p.skip?.(g));
    const prev = shown.current;
    // More appends: only the new tiles are made, so focus and scroll stay where they are.
    if (prev.length <= games.length && prev.every((g, i) => g === games[i])) ul.append(...tilesFor(games.slice(prev.length)));
    else ul.replaceChildren(...tilesFor(games));
    shown.current = games;
    // The tiles follow the list only: a new `skip` function at each render must not rebuild them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list]);

  const { status } = p.state;
  const count = (list ?? []).filter((g) => !p.skip?.(g)).length;
  const statusText = status === 'loading' || status === 'idle' ? p.loading : status === 'more' ? p.loadingMore : status === 'ready' && count > 0 ? p.summary : '';
  return (
    <div className="lobby-results" aria-busy={status === 'loading' || status === 'more'}>
      <p className="lobby-status muted" role="status">
        {statusText}
      </p>
      {status === 'ready' && count === 0 && <p className="lobby-empty">{p.empty}</p>}
      <ul className="lobby-grid" ref={grid} aria-label={p.listLabel} hidden={count === 0} />
      {status === 'error' && (
        <div className="lobby-error" role="alert">
          <p>{p.state.error}</p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={p.onRetry}>
            {p.retry}
          </button>
        </div>
      )}
      {p.hasMore && status !== 'error' && (
        <div className="lobby-more">
          <button type="button" className="btn btn-ghost" onClick={p.onMore} disabled={status === 'more'}>
            {p.more}
          </button>
        </div>
      )}
    </div>
  );
}
