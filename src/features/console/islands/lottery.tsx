/**
 * The console's lottery draws (issue 29, finance): each game's draws newest first with their
 * tickets and stakes, filtered by game and state in the address; an open draw can be cancelled
 * (after a confirmation naming what it refunds), which refunds every ticket once; "draw what is
 * due" runs the schedule's own step now.
 */
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { consoleCancelDraw, consoleDraws, consoleRunDraws, DRAW_STATUSES, type ConsoleDraw } from '../contract.ts';
import type { ConsoleState } from '../client/console.ts';
import { formatMoney } from '../../../kernel/money.ts';
import { DownloadCsv, FilterSelect, fill, pageOf, Pager, Table, usePage, when, type Labels } from './parts.tsx';

type Status = ConsoleDraw['status'];

export function Lottery({ L, c, lang }: { L: Labels; c: ConsoleState; lang: string }) {
  const id = useId();
  const f = useStore(c.$filters);
  const me = useStore(c.$me)!;
  const status = (DRAW_STATUSES as readonly string[]).includes(f.status ?? '') ? (f.status as Status) : undefined;
  const { data, reload } = usePage(() => c.run((api) => api.call(consoleDraws, { query: { game: f.game || undefined, status, page: pageOf(f) } })), JSON.stringify([f.game, status, f.page]));
  const [confirming, setConfirming] = useState<string | null>(null);
  const D = L.lottery;
  const key = (d: ConsoleDraw) => `${d.game}:${d.drawNo}`;

  async function cancel(d: ConsoleDraw) {
    const r = await c.run(
      (api) => api.call(consoleCancelDraw, { body: { game: d.game, drawNo: d.drawNo } }),
      (v) => fill(D.cancelled, { draw: `${d.gameName} ${d.drawNo}`, tickets: v.refunded, amount: formatMoney(v.amount, lang, me.currencySymbol) }),
    );
    setConfirming(null);
    if (r) reload();
  }
  async function runDue() {
    const r = await c.run(
      (api) => api.call(consoleRunDraws, {}),
      (v) => fill(D.ran, { count: v.drawn }),
    );
    if (r) reload();
  }

  return (
    <section className="cs-section" aria-labelledby={`${id}-h`}>
      <div className="cs-section-head">
        <h2 id={`${id}-h`}>{D.title}</h2>
        <span className="cs-actions">
          <DownloadCsv L={L} c={c} table="draws" filters={{ game: f.game, status }} />
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void runDue()}>
            {D.runDue}
          </button>
        </span>
      </div>
      <p className="muted">{D.lead}</p>
      <div className="cs-filters">
        <FilterSelect
          id={`${id}-g`}
          label={D.game}
          value={f.game ?? ''}
          any={L.common.any}
          options={(data?.games ?? []).map((g) => ({ value: g.code, label: g.name }))}
          onChange={(v) => c.setFilters({ ...f, game: v, page: '' })}
        />
        <FilterSelect
          id={`${id}-s`}
          label={D.state}
          value={status ?? ''}
          any={L.common.any}
          options={DRAW_STATUSES.map((s) => ({ value: s, label: D.statuses[s] }))}
          onChange={(v) => c.setFilters({ ...f, status: v, page: '' })}
        />
      </div>
      {!data ? (
        <p className="muted">{L.common.loading}</p>
      ) : (
        <>
          <Table
            caption={D.title}
            empty={L.common.empty}
            numeric={[4, 5]}
            head={[D.draw, D.drawAt, D.state, D.numbers, D.tickets, D.stakes, L.common.actions]}
            rows={data.items.map((d) => [
              <span key="d">
                {d.gameName}
                <span className="cs-sub">
                  <code>{d.drawNo}</code>
                </span>
              </span>,
              when(d.drawAt, lang),
              <span key="st">
                {D.phases[d.phase]}
                {d.drawnAt !== null && <span className="cs-sub">{when(d.drawnAt, lang)}</span>}
              </span>,
              d.numbers ? <code key="n">{d.numbers.join(' ')}</code> : '–',
              d.tickets,
              formatMoney(d.stakes, lang, me.currencySymbol),
              d.status !== 'open' ? (
                ''
              ) : confirming === key(d) ? (
                <span key="cf" className="cs-inline" role="group" aria-label={fill(D.confirmLabel, { draw: `${d.gameName} ${d.drawNo}` })}>
                  <span>{fill(D.confirm, { tickets: d.tickets, amount: formatMoney(d.stakes, lang, me.currencySymbol) })}</span>
                  {/* The confirmation takes the focus from the button it replaced. */}
                  <button type="button" className="btn btn-sm btn-primary" autoFocus onClick={() => void cancel(d)}>
                    {D.confirmCancel}
                  </button>
                  <button type="button" className="btn btn-sm btn-ghost" onClick={() => setConfirming(null)}>
                    {L.common.cancel}
                  </button>
                </span>
              ) : (
                <button key="ac" type="button" className="btn btn-sm btn-ghost" onClick={() => setConfirming(key(d))} aria-label={`${D.cancel} ${d.gameName} ${d.drawNo}`}>
                  {D.cancel}
                </button>
              ),
            ])}
          />
          <Pager L={L} page={data.page} pageSize={data.pageSize} total={data.total} go={(p) => c.setFilters({ ...f, page: String(p) })} />
        </>
      )}
    </section>
  );
}
