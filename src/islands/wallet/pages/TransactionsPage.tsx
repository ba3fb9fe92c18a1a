/**
 * Account record (transaction history, spec 2.14): every entry of the member's wallets in a
 * period (deposits, withdrawals and their holds, bets, wins, transfers, bonuses, adjustments),
 * with the balance after it; filtered by kind, paged by 20 (spec 9).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { transactionRecords } from '../../../lib/contract/wallet.ts';
import { api } from '../../../lib/client/stores/session.ts';
import { $merchantWallet, loadMerchantWallet } from '../../../lib/client/stores/wallet.ts';
import { useLabels } from '../../shell/labels.tsx';
import { dateTime } from '../format.ts';
import { brandTimeZone, type WalletLabels } from '../labels.ts';
import { Empty, LoadFailed, Loading, Money, Pager, RangeFilter, useLoad, useRecordFilter, useWallet, walletName } from '../ui.tsx';

/** The kinds of entry the contract names (contract/wallet.ts transactionRecord). */
const KINDS = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_payout',
  'bet',
  'win',
  'refund',
  'wallet_transfer',
  'upline_transfer',
  'bonus',
  'adjustment',
] as const;

/** The name of an entry's kind (its code when the catalogue does not know it). */
export function kindName(w: WalletLabels, kind: string): string {
  return (w.transactions.kinds as Record<string, string>)[kind] ?? kind;
}

export default function TransactionsPage() {
  const w = useWallet();
  const { lang } = useLabels();
  const tz = brandTimeZone();
  const f = useRecordFilter();
  const [kind, setKind] = useState('');
  const merchant = useStore($merchantWallet);
  useEffect(() => {
    void loadMerchantWallet().catch(() => {});
  }, []);
  const query = { ...f.query, ...(kind ? { kind } : {}) };
  const list = useLoad(() => api().call(transactionRecords, { query }), JSON.stringify(query));
  const data = list.data;
  return (
    <div className="wl-page">
      <RangeFilter value={f.range} onChange={f.setRange} />
      <div className="field wl-inline-field">
        <label htmlFor="wl-kind">{w.transactions.kind}</label>
        <div className="control">
          <select
            id="wl-kind"
            className="wl-select"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value);
              f.setPage(1);
            }}
          >
            <option value="">{w.transactions.allKinds}</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {kindName(w, k)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {list.error ? (
        <LoadFailed message={list.error} onRetry={list.reload} />
      ) : !data ? (
        <Loading />
      ) : data.content.length === 0 ? (
        <Empty>{w.transactions.empty}</Empty>
      ) : (
        <>
          <table className="wl-table">
            <thead>
              <tr>
                <th scope="col">{w.common.time}</th>
                <th scope="col">{w.transactions.kind}</th>
                <th scope="col">{w.transactions.wallet}</th>
                <th scope="col" className="num">
                  {w.common.amount}
                </th>
                <th scope="col" className="num">
                  {w.transactions.balanceAfter}
                </th>
                <th scope="col">{w.transactions.reference}</th>
              </tr>
            </thead>
            <tbody>
              {data.content.map((r) => (
                <tr key={`${r.transferId}:${r.wallet}`}>
                  <td data-label={w.common.time}>{dateTime(r.time, lang, tz)}</td>
                  <td data-label={w.transactions.kind}>{kindName(w, r.kind)}</td>
                  <td data-label={w.transactions.wallet}>{walletName(w, r.wallet, merchant?.vendors)}</td>
                  <td data-label={w.common.amount} className="num">
                    <Money amount={r.amount} signed />
                  </td>
                  <td data-label={w.transactions.balanceAfter} className="num">
                    <Money amount={r.balanceAfter} />
                  </td>
                  <td data-label={w.transactions.reference} className="wl-mono">
                    {r.reference ?? r.memo ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={data.pageNum} pages={data.totalPages} count={data.totalCount} onPage={f.setPage} />
        </>
      )}
    </div>
  );
}
