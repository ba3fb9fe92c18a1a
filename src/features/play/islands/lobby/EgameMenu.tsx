/**
 * The e-game menu of spec 2.8: the RNG centre's vendors (the lobby's game menus, cached) with how
 * many games each has and the kinds of games it offers (slots, crash, bingo, table: the catalogue's
 * classifications), each a link to the e-games page of that vendor, and one to every e-game. Opened
 * over the page by the side menu's e-games button; a popup like the others (close button only,
 * keyboard kept inside).
 */
import { useEffect, useState } from 'react';
import { api } from '../../../accounts/client.ts';
import { gameMenus, vassGameType } from '../../../games/client.ts';
import { CATEGORY_ROUTE } from '../../../../kernel/categories.ts';
import Popup from '../../../../ui/Popup.tsx';
import { fill, pageLang } from '../../../../shell/labels.tsx';
import type { LobbyLabels } from './labels.ts';

/** The kinds in the order a player looks for them (slots first); others after, as they come. */
const KIND_ORDER = ['SLOT', 'FISHING', 'CRASH', 'TABLE', 'POKER', 'BACCARAT', 'BINGO'];
const rank = (k: string) => (KIND_ORDER.indexOf(k) + KIND_ORDER.length + 1) % (KIND_ORDER.length + 1);

interface Vendor {
  vassalage: string;
  displayName: string;
  gameCount: number;
  kinds: string[];
}

export default function EgameMenu({ labels, onClose }: { labels: LobbyLabels; onClose: () => void }) {
  const l = labels.egame;
  const [vendors, setVendors] = useState<Vendor[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setFailed(false);
    void Promise.all([api().call(gameMenus), api().call(vassGameType)])
      .then(([menus, kinds]) => {
        if (!live) return;
        const rng = menus.menus.find((m) => m.gameType === 'RNG')?.vendors ?? [];
        const of = kinds.content.RNG ?? {};
        setVendors(rng.map((v) => ({ ...v, kinds: [...(of[v.vassalage] ?? [])].sort((a, b) => rank(a) - rank(b)) })));
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [tick]);
  const base = `${pageLang() === 'en' ? '' : `/${pageLang()}`}/${CATEGORY_ROUTE.RNG}`;
  const kindName = (k: string) => (l.kinds as Record<string, string>)[k] ?? k;
  return (
    <Popup title={l.title} closeLabel={labels.close} onClose={onClose} className="lobby-popup lobby-egame">
      <p className="muted">{l.lead}</p>
      <p>
        <a className="btn btn-primary btn-sm" href={base}>
          {l.all}
        </a>
      </p>
      {failed ? (
        <div role="alert">
          <p>{labels.search.error}</p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setTick((t) => t + 1)}>
            {labels.search.retry}
          </button>
        </div>
      ) : vendors === null ? (
        <p role="status">{labels.vendor.loading}</p>
      ) : vendors.length === 0 ? (
        <p>{labels.noGames}</p>
      ) : (
        <ul className="egame-vendors" aria-label={l.vendors}>
          {vendors.map((v) => (
            <li key={v.vassalage}>
              <a href={`${base}?vassalage=${encodeURIComponent(v.vassalage)}`}>
                <strong>{v.displayName}</strong>
                <span className="muted">{fill(v.gameCount === 1 ? l.games_one : l.games, { count: new Intl.NumberFormat(pageLang()).format(v.gameCount) })}</span>
                {v.kinds.length > 0 && <span className="egame-kinds">{v.kinds.map(kindName).join(' · ')}</span>}
              </a>
            </li>
          ))}
        </ul>
      )}
    </Popup>
  );
}
