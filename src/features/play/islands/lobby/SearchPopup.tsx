/**
 * The game search modal (spec 2.6, 2.8, 4 Search, 5, 9): a popup (close button first, focus kept
 * inside) with the name field in its fixed top and the results below. Typing is trimmed and
 * searched 500 ms after the last keystroke, in pages of 32; More appends the next page; an empty
 * field shows the first page of all games (stores/search.ts).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { $searchQuery, searchNow, searchResults, startSearch, stopSearch, typeSearch } from '../../client/search.ts';
import Popup from '../../../../ui/Popup.tsx';
import { fill } from '../../../../shell/labels.tsx';
import GameResults from './GameResults.tsx';
import type { LobbyLabels } from './labels.ts';

export default function SearchPopup({ labels, initial, onClose }: { labels: LobbyLabels; initial: string; onClose: () => void }) {
  const [value, setValue] = useState(initial);
  const state = useStore(searchResults.$state);
  const query = useStore($searchQuery);
  const id = useId();
  const l = labels.search;

  useEffect(() => {
    void startSearch(initial);
    return stopSearch;
    // Once, with the text the modal opened with; later text arrives by the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Text typed into the page's bar while the modal was opening arrives as a new `initial`.
  useEffect(() => {
    if (initial && initial !== value) {
      setValue(initial);
      typeSearch(initial);
    }
    // Only a new `initial` counts: what the player types changes `value` and must not be undone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial]);

  const total = state.totalCount ?? state.list?.length ?? 0;
  return (
    <Popup
      title={l.title}
      closeLabel={labels.close}
      onClose={onClose}
      className="lobby-popup"
      headerExtra={
        <form
          role="search"
          className="lobby-search"
          onSubmit={(e) => {
            e.preventDefault();
            void searchNow(value);
          }}
        >
          <label className="sr-only" htmlFor={id}>
            {l.label}
          </label>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            id={id}
            type="search"
            name="gameName"
            value={value}
            maxLength={64}
            placeholder={l.placeholder}
            autoComplete="off"
            enterKeyHint="search"
            data-autofocus
            onChange={(e) => {
              setValue(e.target.value);
              typeSearch(e.target.value);
            }}
          />
        </form>
      }
    >
      <GameResults
        state={state}
        hasMore={state.list !== null && state.page < state.totalPages}
        onMore={() => void searchResults.more()}
        onRetry={() => void searchResults.retry()}
        listLabel={query ? l.results : l.allGames}
        summary={query ? fill(l.countFor, { count: total, query }) : fill(l.count, { count: total })}
        loading={l.loading}
        loadingMore={l.loadingMore}
        empty={query ? fill(l.emptyFor, { query }) : l.empty}
        retry={l.retry}
        more={labels.more}
      />
    </Popup>
  );
}
