/**
 * Bonus details (spec 2.14, issue 15): the member's bonuses with their wagering progress (what
 * counts, how much is left, when it ends) and a forfeit button for an active one; below, the
 * bonus payments of a period, paged by 20 (spec 9).
 */
import { useState } from 'react';
import { bonusForfeit, bonusList, bonusRecords, type BonusItem } from '../../contract.ts';
import { api } from '../../../accounts/client.ts';
import { showDialog } from '../../../../ui/stores/ui.ts';
import { refreshBalance } from '../../client/wallet.ts';
import { fill, useLabels } from '../../../../shell/labels.tsx';
import { formatMinor, parseMinor } from '../../../../kernel/money.ts';
import { RecordTable } from '../../../../ui/lists.tsx';
import { Empty, WhenLoaded } from '../../../../ui/loaded.tsx';
import { RangeFilter } from '../../../../ui/RangeFilter.tsx';
import { RecordList, RefreshButton, useRecords } from '../records.tsx';
import { Badge, Block, Facts, failureToFields, Money, useDateTime, useMoney, useNotice, useWallet, useWalletLoad } from '../ui.tsx';

const TONE: Record<BonusItem['status'], 'ok' | 'warn' | 'bad' | 'info'> = { active: 'warn', completed: 'ok', forfeited: 'bad', expired: 'info' };

export default function BonusPage() {
  const w = useWallet();
  const when = useDateTime();
  const [version, setVersion] = useState(0);
  const mine = useWalletLoad(() => api().call(bonusList), `bonuses:${version}`);
  const { range, setRange, setPage, list } = useRecords((query) => api().call(bonusRecords, { query }));
  const [notice, setNotice] = useNotice();
  const changed = (text: string) => {
    setNotice(text);
    setVersion((v) => v + 1);
    list.reload();
    void refreshBalance();
  };
  return (
    <div className="wl-page">
      <Block id="wl-bonuses" title={w.bonus.mine} action={<RefreshButton onClick={mine.reload} />}>
        {notice && (
          <p className="wl-note" role="status">
            {notice}
          </p>
        )}
        <WhenLoaded loaded={mine}>
          {(items) =>
            items.length === 0 ? (
              <Empty>{w.bonus.none}</Empty>
            ) : (
              <ul className="wl-cards">
                {items.map((b) => (
                  <BonusCard key={b.id} item={b} onForfeited={changed} />
                ))}
              </ul>
            )
          }
        </WhenLoaded>
      </Block>
      <Block id="wl-bonus-history" title={w.bonus.history}>
        <RangeFilter value={range} onChange={setRange} />
        <RecordList list={list} empty={w.bonus.empty} onPage={setPage}>
          {(rows) => (
            <RecordTable
              rows={rows}
              rowKey={(r) => r.transferId}
              columns={[
                { label: w.common.time, cell: (r) => when(r.time) },
                { label: w.common.amount, cell: (r) => <Money amount={r.amount} signed />, num: true },
                { label: w.bonus.memo, cell: (r) => r.memo ?? '—' },
              ]}
            />
          )}
        </RecordList>
      </Block>
    </div>
  );
}

const minor = (text: string) => parseMinor(text, 2) ?? 0n;

/** Share of the turnover done, 0 to 100. */
function percentDone(b: BonusItem): number {
  const required = minor(b.turnoverRequired);
  if (required === 0n || b.turnoverDone === null) return b.status === 'completed' ? 100 : 0;
  return Number((minor(b.turnoverDone) * 100n) / required);
}

function BonusCard({ item: b, onForfeited }: { item: BonusItem; onForfeited: (text: string) => void }) {
  const w = useWallet();
  const labels = useLabels();
  const when = useDateTime();
  const fmt = useMoney();
  const [busy, setBusy] = useState(false);
  const percent = percentDone(b);
  const left = b.turnoverDone === null ? null : formatMinor(minor(b.turnoverRequired) - minor(b.turnoverDone), 2);

  async function forfeit() {
    const ok = await showDialog({
      kind: 'confirm',
      title: w.bonus.forfeitTitle,
      text: fill(w.bonus.forfeitText, { amount: fmt(b.amount) }),
      confirmLabel: w.bonus.forfeit,
      cancelLabel: labels.auth.cancel,
    });
    if (!ok) return;
    setBusy(true);
    try {
      const r = await api().call(bonusForfeit, { body: { id: b.id } });
      onForfeited(fill(w.bonus.forfeited, { amount: fmt(r.recovered) }));
    } catch (err) {
      failureToFields(err, labels, { byName: {} });
    } finally {
      setBusy(false);
    }
  }

  const weights = Object.entries(b.weights).filter(([, p]) => p < 100);
  return (
    <li className="wl-card" aria-labelledby={`wl-bonus-${b.id}`}>
      <div className="wl-card-head">
        <strong id={`wl-bonus-${b.id}`}>{b.title}</strong>
        <Badge tone={TONE[b.status]}>{w.bonus.status[b.status]}</Badge>
      </div>
      <Facts
        className="wl-facts"
        facts={[
          { label: w.common.amount, value: <Money amount={b.amount} /> },
          { label: w.bonus.granted, value: when(b.createdAt) },
          b.endedAt === null ? { label: w.bonus.ends, value: when(b.expiresAt) } : { label: w.bonus.ended, value: when(b.endedAt) },
          (b.status === 'forfeited' || b.status === 'expired') && { label: w.bonus.returned, value: <Money amount={b.recovered} /> },
        ]}
      />
      {b.turnoverDone !== null && minor(b.turnoverRequired) > 0n && (
        <div className="wl-progress">
          <div className="wl-progress-label">
            <span>{w.bonus.wagering}</span>
            <span>{fill(w.bonus.progress, { done: fmt(b.turnoverDone), required: fmt(b.turnoverRequired) })}</span>
          </div>
          <div
            className="wl-progress-bar"
            role="progressbar"
            aria-label={`${w.bonus.wagering}: ${b.title}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={fill(w.bonus.progress, { done: fmt(b.turnoverDone), required: fmt(b.turnoverRequired) })}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
          {b.status === 'active' && left !== null && <p className="field-hint">{fill(w.bonus.left, { amount: fmt(left) })}</p>}
        </div>
      )}
      {b.status === 'active' && (b.maxBet || weights.length > 0) && (
        <ul className="wl-rules">
          {b.maxBet && <li>{fill(w.bonus.maxBet, { amount: fmt(b.maxBet) })}</li>}
          {weights.map(([category, p]) => (
            <li key={category}>{fill(w.bonus.weight, { category: (w.bonus.categories as Record<string, string>)[category] ?? category, percent: p })}</li>
          ))}
        </ul>
      )}
      {b.status === 'active' && (
        <div className="wl-actions">
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void forfeit()} disabled={busy}>
            {w.bonus.forfeit}
          </button>
        </div>
      )}
    </li>
  );
}
