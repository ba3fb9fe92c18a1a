/**
 * The lobby's popups, a React root of their own mounted by lobby.ts when one first opens: the
 * search modal and, above it when opened from a result, the vendor popup, and above both the
 * room picker of a PVP game (RoomPopup.tsx); the e-game menu (EgameMenu.tsx) under them all. The accounts shell's
 * popups (login) are another root; a popup opened later is later in the page and so on top.
 */
import { useStore } from '@nanostores/react';
import { createRoot } from 'react-dom/client';
import { $egameMenu, $roomPopup, $searchOpen, $vendorPopup, closeEgameMenu, closeRooms, closeSearch, closeVendor } from '../../client/lobby.ts';
import EgameMenu from './EgameMenu.tsx';
import type { LobbyLabels } from './labels.ts';
import RoomPopup from './RoomPopup.tsx';
import SearchPopup from './SearchPopup.tsx';
import VendorPopup from './VendorPopup.tsx';
import lobbyCss from './lobby.css?url';
import { addStylesheet, stylesheetsReady } from '../../../../ui/stylesheets.ts';

void addStylesheet(lobbyCss);

function LobbyHost({ labels }: { labels: LobbyLabels }) {
  const search = useStore($searchOpen);
  const vendor = useStore($vendorPopup);
  const rooms = useStore($roomPopup);
  const egame = useStore($egameMenu);
  return (
    <>
      {egame && <EgameMenu labels={labels} onClose={closeEgameMenu} />}
      {search && <SearchPopup labels={labels} initial={search.initial} onClose={closeSearch} />}
      {vendor && <VendorPopup key={vendor.vassalage} labels={labels} vassalage={vendor.vassalage} title={vendor.title} onClose={closeVendor} />}
      {rooms && <RoomPopup key={rooms.nodeId} labels={labels} game={rooms} onClose={closeRooms} />}
    </>
  );
}

let mounted = false;
export async function mountLobbyHost(labels: LobbyLabels): Promise<void> {
  if (mounted) return;
  mounted = true;
  await stylesheetsReady();
  const host = document.createElement('div');
  host.id = 'lobby-root';
  document.body.append(host);
  createRoot(host).render(<LobbyHost labels={labels} />);
}
