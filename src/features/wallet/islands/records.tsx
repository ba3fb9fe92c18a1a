/**
 * What the wallet's record pages share: the record calls' page and query, a list's filter and
 * paging state (stores: src/features/wallet/client/records.ts), and a loaded list with its pager.
 * The pieces they are made of (the period picker, the table, the pager, the load states) are the
 * UI kit's (src/ui).
 */
import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import { today } from '../../../ui/dates.ts';
import { Empty, WhenLoaded, type Loaded } from '../../../ui/loaded.tsx';
import { Pager } from '../../../ui/lists.tsx';
import { createRecordFilter, createRecordPage } from '../client/records.ts';
import { useWalletLoad, useWallet } from './ui.tsx';

/** Spec 9: default list page size. */
export const RECORD_PAGE_SIZE = 20;

/** One page of a record list, as the record calls answer it. */
export interface RecordPage<R> {
  content: R[];
  pageNum: number;
  totalPages: number;
  totalCount: number;
}

/** The query of a record page: its period and page. */
export interface RecordQuery {
  from: string;
  to: string;
  pageNo: number;
  pageSize: number;
}

/**
 * A record page's list: a period (the last 7 days at first) and a page, back to 1 when the period
 * changes; `extra` filters join the query. Loads again whenever the query changes.
 */
export function useRecords<T>(call: (query: RecordQuery & Record<string, string | number>) => Promise<T>, extra: Record<string, string> = {}) {
  // The filter's store (src/features/wallet/client/records.ts); the list loads from what it holds.
  const [filter] = useState(() => createRecordFilter(today()));
  const { range, page } = useStore(filter.$filter);
  const query = { from: range.from, to: range.to, pageNo: page, pageSize: RECORD_PAGE_SIZE, ...extra };
  const list = useWalletLoad(() => call(query), JSON.stringify(query));
  return { range, setRange: filter.setRange, setPage: filter.setPage, list };
}

/** A paged list with no period (orders, withdrawals): loads again when the page or `version` changes. */
export function usePagedRecords<T>(call: (query: { pageNo: number; pageSize: number }) => Promise<T>, version: number) {
  const [pager] = useState(createRecordPage);
  const page = useStore(pager.$page);
  const list = useWalletLoad(() => call({ pageNo: page, pageSize: RECORD_PAGE_SIZE }), `${page}:${version}`);
  return { setPage: pager.setPage, list };
}

/** Loads a list again (an operator may have answered meanwhile). */
export function RefreshButton({ onClick }: { onClick: () => void }) {
  const w = useWallet();
  return (
    <button type="button" className="btn btn-ghost btn-sm" onClick={() => onClick()}>
      {w.common.refresh}
    </button>
  );
}

/**
 * A loaded record list: `before` (a summary) whatever the page holds, then the `empty` text, or
 * the rows and the pager.
 */
export function RecordList<P extends RecordPage<unknown>>(p: {
  list: Loaded<P>;
  empty: string;
  onPage: (page: number) => void;
  before?: (data: P) => ReactNode;
  children: (rows: P['content']) => ReactNode;
}) {
  return (
    <WhenLoaded loaded={p.list}>
      {(data) => (
        <>
          {p.before?.(data)}
          {data.content.length === 0 ? (
            <Empty>{p.empty}</Empty>
          ) : (
            <>
              {p.children(data.content)}
              <Pager page={data.pageNum} pages={data.totalPages} count={data.totalCount} onPage={p.onPage} />
            </>
          )}
        </>
      )}
    </WhenLoaded>
  );
}
