/**
 * A game in the site's own frame (/seamless, spec 1 and 2; issue 36): the launch asked of the
 * server as the lobby asks it (launchGame, or the free demo's gameTrialLaunch), from the address's
 * nodeId, vassalage, accountType and roomId, and the game's address shown in a frame under the
 * site's header. The game page brings its own wallet line and rounds; leaving this page leaves
 * the game's too, whose wallet then goes back to main as it does when its tab closes. A refusal
 * (a trial account's real play, a blocked member, a game gone) is said with the way back.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiFailure } from '../../../../kernel/http/client.ts';
import { api } from '../../../accounts/client.ts';
import { refreshBalance } from '../../../wallet/client.ts';
import { gameTrialLaunch, launchGame } from '../../contract/play.ts';

export interface SeamlessLabels {
  title: string;
  loading: string;
  failed: string;
  retry: string;
  toLobby: string;
  fullScreen: string;
  frame: string;
}

interface Wanted {
  nodeId: string;
  vassalage: string;
  accountType: '0' | '1';
  roomId?: string;
  name: string;
}

/** The game the address asks for (null: not a game). */
export function wantedGame(search: string): Wanted | null {
  const q = new URLSearchParams(search);
  const nodeId = q.get('nodeId') ?? '';
  const vassalage = q.get('vassalage') ?? '';
  if (!/^\d{1,10}$/.test(nodeId) || !/^[A-Z0-9_]{1,20}$/.test(vassalage)) return null;
  const roomId = q.get('roomId') ?? undefined;
  return { nodeId, vassalage, accountType: q.get('accountType') === '0' ? '0' : '1', roomId: roomId && /^[\w-]{1,40}$/.test(roomId) ? roomId : undefined, name: (q.get('name') ?? '').slice(0, 80) };
}

export default function SeamlessGame({ labels, lobbyHref, language }: { labels: SeamlessLabels; lobbyHref: string; language: string }) {
  const [game, setGame] = useState<Wanted | null | undefined>(undefined);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    const wanted = wantedGame(window.location.search);
    setGame(wanted);
    if (!wanted) return;
    let live = true;
    setError(null);
    api()
      .call(wanted.accountType === '0' ? gameTrialLaunch : launchGame, {
        query: { nodeId: wanted.nodeId, vassalage: wanted.vassalage, accountType: wanted.accountType, language, ...(wanted.roomId ? { roomId: wanted.roomId } : {}) },
      })
      .then((v) => {
        if (!live) return;
        const to = new URL(v.content.game_url, window.location.href);
        // Only a web address: never script in the frame.
        if (to.protocol !== 'https:' && to.protocol !== 'http:') throw new Error(labels.failed);
        setUrl(to.href);
      })
      .catch((err: unknown) => live && setError(err instanceof ApiFailure || err instanceof Error ? err.message : labels.failed));
    return () => {
      live = false;
    };
  }, [tick, language, labels.failed]);

  // The game moves money between main and its wallet: the header's balance follows every 15 s.
  useEffect(() => {
    if (!url || game?.accountType !== '1') return;
    const timer = setInterval(() => void refreshBalance(), 15_000);
    return () => clearInterval(timer);
  }, [url, game]);

  const back = (
    <a className="btn btn-ghost btn-sm" href={lobbyHref}>
      {labels.toLobby}
    </a>
  );
  if (game === null || error)
    return (
      <div className="sl-failed" role="alert">
        <p>{error ?? labels.failed}</p>
        <div className="sl-actions">
          {game && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setTick((t) => t + 1)}>
              {labels.retry}
            </button>
          )}
          {back}
        </div>
      </div>
    );
  const title = game?.name || labels.title;
  return (
    <div className="sl-game">
      <div className="sl-bar">
        {back}
        <h1 className="sl-title">{title}</h1>
        <button type="button" className="btn btn-ghost btn-sm" disabled={!url} onClick={() => void frame.current?.requestFullscreen?.().catch(() => undefined)}>
          {labels.fullScreen}
        </button>
      </div>
      {url ? (
        <iframe ref={frame} className="sl-frame" src={url} title={`${labels.frame}: ${title}`} allow="fullscreen; autoplay" />
      ) : (
        <p className="sl-loading" role="status">
          {labels.loading}
        </p>
      )}
    </div>
  );
}
