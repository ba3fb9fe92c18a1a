/**
 * The reward centre's daily free spins (issue 15): the slot of the day, the claim (once per brand
 * day), then the spins left and won so far, with a Play button that launches the game as the
 * lobby does (the game uses the spins before any money).
 */
import { useEffect, useRef, useState } from 'react';
import { api } from '../../accounts/client.ts';
import { fill, useLabels } from '../../../shell/labels.tsx';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { dateTime } from '../../../ui/dates.ts';
import { launch } from '../../play/client.ts';
import { freeSpinsClaim, freeSpinsStatus, type FreeSpinsOffer } from '../contract.ts';
import { usePromotionLabels } from './labels.ts';

export default function FreeSpinsBlocks({ fmt }: { fmt: (amount: string) => string }) {
  const [items, setItems] = useState<FreeSpinsOffer[]>([]);
  useEffect(() => {
    let live = true;
    api()
      .call(freeSpinsStatus)
      .then((r) => live && setItems(r.items))
      .catch(() => live && setItems([]));
    return () => {
      live = false;
    };
  }, []);
  return (
    <>
      {items.map((o) => (
        <FreeSpinsBlock key={o.promotionId} offer={o} fmt={fmt} onChange={(n) => setItems((list) => list.map((x) => (x.promotionId === n.promotionId ? n : x)))} />
      ))}
    </>
  );
}

function FreeSpinsBlock({ offer, fmt, onChange }: { offer: FreeSpinsOffer; fmt: (amount: string) => string; onChange: (o: FreeSpinsOffer) => void }) {
  const labels = useLabels();
  const l = usePromotionLabels(labels.lang)?.freeSpins;
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const playRef = useRef<HTMLButtonElement>(null);
  const claimedNow = useRef(false);
  // The Claim button goes away with the claim: focus moves on to Play.
  useEffect(() => {
    if (claimedNow.current && offer.grant) {
      claimedNow.current = false;
      playRef.current?.focus();
    }
  }, [offer.grant]);
  if (!l) return null;
  const id = `rw-fs-${offer.promotionId}`;
  const g = offer.grant;
  const ends = dateTime(offer.endsAt, labels.lang);

  async function claim() {
    if (!l) return;
    setBusy(true);
    setNote(null);
    try {
      const o = await api().call(freeSpinsClaim, { body: { promotionId: offer.promotionId } });
      claimedNow.current = true;
      onChange(o);
      setNote(fill(l.claimed, { spins: o.spins, game: o.game.gameName, ends }));
    } catch (err) {
      setNote(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="wl-block rw-freespins" aria-labelledby={id}>
      <div className="wl-block-head">
        <h4 id={id}>{offer.title}</h4>
        <span className="wl-badge">{l.slotOfDay}</span>
      </div>
      <div className="rw-fs-game">
        <img src={offer.game.iconUrl} alt="" width="56" height="56" loading="lazy" />
        <div>
          <strong>{offer.game.gameName}</strong>
          <p className="wl-note">{fill(l.what, { spins: offer.spins, bet: fmt(offer.bet), wagering: offer.wagering, ends })}</p>
        </div>
      </div>
      {g === null ? (
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void claim()}>
          {fill(l.claim, { spins: offer.spins })}
        </button>
      ) : g.status === 'active' && g.left > 0 && g.expiresAt > Date.now() ? (
        <>
          <p className="wl-note" data-testid="free-spins-left">
            {fill(l.left, { left: g.left, spins: g.spins, winnings: fmt(g.winnings) })}
          </p>
          <button ref={playRef} type="button" className="btn btn-primary" onClick={() => launch({ nodeId: offer.game.nodeId, vassalage: offer.game.vassalage }, { accountType: '1' })}>
            {fill(l.play, { game: offer.game.gameName })}
          </button>
        </>
      ) : (
        <p className="wl-note">{fill(l.done, { winnings: fmt(g.winnings) })}</p>
      )}
      <p className={note ? 'wl-note wl-note-warn' : 'sr-only'} role="status">
        {note ?? ''}
      </p>
    </section>
  );
}
