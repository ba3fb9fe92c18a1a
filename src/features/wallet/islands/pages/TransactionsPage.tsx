/**
 * Account record (transaction history, spec 2.14): every entry of the member's wallets in a
 * period (deposits, withdrawals and their holds, bets, wins, transfers, bonuses, adjustments),
 * with the balance after it; filtered by kind, paged by 20 (spec 9).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { transactionRecords } from '../../contract.ts';
import { api } from '../../../accounts/client.ts';
import { $merchantWallet, loadMerchantWallet } from '../../client/wallet.ts';
import type { WalletLabels } from '../labels.ts';
import { RecordTable } from '../../../../ui/lists.tsx';
import { RangeFilter } from '../../../../ui/RangeFilter.tsx';
import { RecordList, useRecords } from '../records.tsx';
import { Money, useDateTime, useWallet, walletName } from '../ui.tsx';

/** The kinds of entry the contract names (contract/wallet.ts transactionRecord). */
const KINDS = ['deposit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout', 'bet', 'win', 'refund', 'wallet_transfer', 'upline_transfer', 'bonus', 'adjustment', 'points_convert'] as const;

/** The name of an entry's kind (its code when the catalogue does not know it). */
export function kindName(w: WalletLabels, kind: string): string {
  return (w.transactions.kinds as Record<string, string>)[kind] ?? kind;
}

export default function TransactionsPage() {
  const w = useWallet();
  const when = useDateTime();
  const [kind, setKind] = useState('');
  const { range, setRange, setPage, list } = useRecords((query) => api().call(transactionRecords, { query }), kind ? { kind } : {});
  const merchant = useStore($merchantWallet);
  useEffect(() => {
    void loadMerchantWallet().catch(() => {});
  }, []);
  /** A wallet transfer's memo (`MAIN → JL`, `all → MAIN`, written by the server) says the wallets by name; anything else shows as kept. */
  const describe = (r: { kind: string; reference: string | null; memo: string | null }): string => {
    const m = r.kind === 'wallet_transfer' && r.memo ? /^(\S+) → (\S+)$/.exec(r.memo) : null;
    if (m) {
      const name = (id: string) => (id === 'all' ? w.transactions.allGameWallets : walletName(w, id, merchant?.vendors));
      return `${name(m[1]!)} → ${name(m[2]!)}`;
    }
    return r.reference ?? r.memo ?? '—';
  };

  return (
    <div className="wl-page">
      <RangeFilter value={range} onChange={setRange} />
      <div className="field wl-inline-field">
        <label htmlFor="wl-kind">{w.transactions.kind}</label>
        <div className="control">
          <select
            id="wl-kind"
            className="wl-select"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value);
              setPage(1);
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
      <RecordList list={list} empty={w.transactions.empty} onPage={setPage}>
        {(rows) => (
          <RecordTable
            rows={rows}
            rowKey={(r) => `${r.transferId}:${r.wallet}`}
            columns={[
              { label: w.common.time, cell: (r) => when(r.time) },
              { label: w.transactions.kind, cell: (r) => kindName(w, r.kind) },
              { label: w.transactions.wallet, cell: (r) => walletName(w, r.wallet, merchant?.vendors) },
              { label: w.common.amount, cell: (r) => <Money amount={r.amount} signed />, num: true },
              { label: w.transactions.balanceAfter, cell: (r) => <Money amount={r.balanceAfter} />, num: true },
              { label: w.transactions.reference, cell: (r) => describe(r), mono: true },
            ]}
          />
        )}
      </RecordList>
    </div>
  );
}
