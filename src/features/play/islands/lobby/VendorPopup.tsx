/**
 * The game popup of spec 2.8 that lists one vendor's games: opened by a vendor item (isGame
 * VASSALAGE) that has no category page (sports and cockfight lobbies); GCSGAME_gameList with the
 * vendor, pages of 20 (spec 7 default), More appends. The vendor's own lobby item is left out.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { gameList, type GameItem } from '../../../games/client.ts';
import { pagedList } from '../../../../ui/stores/paged.ts';
import { api } from '../../../accounts/client.ts';
import { PAGE_SIZE } from '../../../../kernel/categories.ts';
import Popup from '../../../../ui/Popup.tsx';
import { fill } from '../../../../shell/labels.tsx';
import GameResults from './GameResults.tsx';
import type { LobbyLabels } from './labels.ts';

export interface VendorPopupProps {
  labels: LobbyLabels;
  vassalage: string;
  title: string;
  onClose: () => void;
}

export default function VendorPopup({ labels, vassalage, title, onClose }: VendorPopupProps) {
  const games = useMemo(
    () =>
      pagedList<GameItem>(async (page) => {
        const v = await api().call(gameList, { query: { vassalage, pageNo: page, pageSize: PAGE_SIZE.list } });
        return { list: v.games, pageNum: v.pageNum, totalPages: v.totalPages, totalCount: v.totalCount };
      }),
    [vassalage],
  );
  const state = useStore(games.$state);
  useEffect(() => {
    void games.reload();
    return games.reset;
  }, [games]);
  const skip = (g: GameItem) => g.isGame === 'VASSALAGE';
  const count = (state.totalCount ?? 0) - (state.list ?? []).filter(skip).length;
  return (
    <Popup title={title} closeLabel={labels.close} onClose={onClose} className="lobby-popup lobby-vendor">
      <GameResults
        state={state}
        hasMore={state.list !== null && state.page < state.totalPages}
        onMore={() => void games.more()}
        onRetry={() => void games.retry()}
        listLabel={fill(labels.vendor.results, { name: title })}
        summary={fill(labels.gameCount, { count })}
        loading={labels.vendor.loading}
        loadingMore={labels.search.loadingMore}
        empty={labels.vendor.empty}
        retry={labels.search.retry}
        more={labels.more}
        skip={skip}
      />
    </Popup>
  );
}
