/**
 * The room picker: Play (real money) on a PVP game asks which room to play in before the game
 * opens (GLS2_roomList: each room a table of stakes). A Popup like the vendor popup (close button
 * first, focus kept inside); loading, error with retry, then one button per room with its name
 * and stakes in the page's language. A room's click launches synchronously in that click
 * (launcher.ts) with the room's id, so the game offers only that room's stakes. A game the server
 * gives no rooms launches at once without one; should the browser block that window (it was
 * not opened in a click), a Play button is offered instead.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiFailure } from '../../../../kernel/http/client.ts';
import { roomChoice, stakeRange, type Room } from '../../../games/client.ts';
import type { RoomPopup as RoomPopupGame } from '../../client/lobby.ts';
import { api } from '../../../accounts/client.ts';
import { roomList } from '../../contract/play.ts';
import Popup from '../../../../ui/Popup.tsx';
import { fill, pageLang } from '../../../../shell/labels.tsx';
import type { LobbyLabels } from './labels.ts';
import { launch } from './launcher.ts';

export interface RoomPopupProps {
  labels: LobbyLabels;
  game: RoomPopupGame;
  onClose: () => void;
}

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'rooms'; rooms: readonly Room[] } | { kind: 'none' };

export default function RoomPopup({ labels, game, onClose }: RoomPopupProps) {
  const L = labels.rooms;
  const lang = pageLang();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const alive = useRef(true);

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      const v = await api().call(roomList, { query: { nodeId: String(game.nodeId), vassalage: game.vassalage, language: lang.toUpperCase() } });
      if (!alive.current) return;
      const choice = roomChoice(v.list);
      if (choice.kind === 'pick') return setState({ kind: 'rooms', rooms: choice.rooms });
      // No rooms: the game opens with every stake. The click was a while ago, so the browser
      // may block this window; then the player gets a button of their own to click.
      if (launch(game, { accountType: '1', quietBlock: true })) onClose();
      else setState({ kind: 'none' });
    } catch (err) {
      if (alive.current) setState({ kind: 'error', message: err instanceof ApiFailure || err instanceof Error ? err.message : L.error });
    }
  }, [game, lang, onClose, L.error]);

  useEffect(() => {
    alive.current = true;
    void load();
    return () => {
      alive.current = false;
    };
  }, [load]);

  const pick = (roomId?: string) => {
    // Synchronously in the click: the window opens now (launcher.ts).
    launch(game, roomId ? { accountType: '1', roomId } : { accountType: '1' });
    onClose();
  };

  return (
    <Popup title={fill(L.title, { name: game.name })} closeLabel={labels.close} onClose={onClose} className="lobby-popup lobby-rooms">
      <div aria-busy={state.kind === 'loading'}>
        <p className="lobby-status muted" role="status">
          {state.kind === 'loading' ? L.loading : state.kind === 'rooms' ? L.hint : ''}
        </p>
        {state.kind === 'rooms' && (
          <ul className="lobby-room-list" aria-label={fill(L.list, { name: game.name })}>
            {state.rooms.map((r) => (
              <li key={r.roomId}>
                <button type="button" className="lobby-room" onClick={() => pick(r.roomId)}>
                  <span className="lobby-room-name">{r.roomName}</span>
                  <span className="lobby-room-stakes">
                    <span className="sr-only">{L.stakes} </span>
                    {stakeRange(r, lang)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {state.kind === 'none' && (
          <div className="lobby-none">
            <p>{L.empty}</p>
            <button type="button" className="btn btn-primary" onClick={() => pick()}>
              {labels.play}
            </button>
          </div>
        )}
        {state.kind === 'error' && (
          <div className="lobby-error" role="alert">
            <p>{state.message}</p>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void load()}>
              {labels.search.retry}
            </button>
          </div>
        )}
      </div>
    </Popup>
  );
}
