/**
 * The reality check over a real-money game (issue 28): at the member's interval (counted from
 * login, as regulators ask), a modal dialog shows the time played, what was wagered and the net
 * result since login, with Continue, Stop playing (ends the game session) and My limits. The game
 * waits while it is open: the dialog is modal (the page behind it is inert). Figures come from
 * the server (sandboxReality), read when the dialog opens.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../../../kernel/http/client.ts';
import type { ValueOf } from '../../../../kernel/contract.ts';
import { sandboxReality, sandboxStop } from '../../contract.ts';
import { fill } from '../../client/game-logic.ts';
import type { PlayLabels } from './PlayGame.tsx';

type Reality = ValueOf<typeof sandboxReality>;

/** Ms until the next multiple of `interval` minutes since `since`. */
export function nextCheckIn(now: number, since: number, intervalMinutes: number): number {
  const every = intervalMinutes * 60_000;
  const elapsed = Math.max(0, now - since);
  return every - (elapsed % every) || every;
}

export function RealityCheck(p: { client: ApiClient; launch: string; words: PlayLabels['reality']; fmt: (amount: string) => string; limitsHref: string; onStopped: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [figures, setFigures] = useState<Reality | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const plan = useRef<{ since: number; interval: number } | null>(null);
  const alive = useRef(true);

  // Arms the next check: at the next whole interval since login (read once, as the game opens).
  const arm = useCallback(() => {
    clearTimeout(timer.current);
    const at = plan.current;
    if (!at) return;
    timer.current = setTimeout(
      async () => {
        try {
          const now = await p.client.call(sandboxReality, { query: { launch: p.launch } });
          if (!alive.current) return;
          setFigures(now);
          dialog.current?.showModal();
        } catch {
          /* the session ended meanwhile: the game page says so on its next call */
        }
      },
      nextCheckIn(Date.now(), at.since, at.interval),
    );
  }, [p.client, p.launch]);

  useEffect(() => {
    alive.current = true;
    void p.client
      .call(sandboxReality, { query: { launch: p.launch } })
      .then((r) => {
        if (!alive.current || r.intervalMinutes <= 0) return;
        plan.current = { since: r.since, interval: r.intervalMinutes };
        arm();
      })
      .catch(() => undefined);
    return () => {
      alive.current = false;
      clearTimeout(timer.current);
    };
  }, [p.client, p.launch, arm]);

  const close = () => {
    dialog.current?.close();
    arm();
  };
  const stop = async () => {
    try {
      await p.client.call(sandboxStop, { body: { launch: p.launch } });
    } finally {
      dialog.current?.close();
      p.onStopped();
    }
  };
  const w = p.words;
  return (
    <dialog ref={dialog} className="pl-reality" aria-labelledby="pl-reality-title" onCancel={(e) => e.preventDefault()}>
      <h2 id="pl-reality-title">{w.title}</h2>
      {figures && (
        <>
          <p>{fill(w.played, { minutes: figures.minutes })}</p>
          <dl className="pl-reality-figures">
            <div>
              <dt>{w.wagered}</dt>
              <dd>{p.fmt(figures.wagered)}</dd>
            </div>
            <div>
              <dt>{w.net}</dt>
              <dd>{p.fmt(figures.net)}</dd>
            </div>
          </dl>
        </>
      )}
      <div className="pl-reality-actions">
        <button type="button" className="btn btn-primary" onClick={close} autoFocus>
          {w.continue}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => void stop()}>
          {w.stop}
        </button>
        <a className="btn btn-ghost" href={p.limitsHref} target="_blank" rel="noopener">
          {w.limits}
        </a>
      </div>
    </dialog>
  );
}
