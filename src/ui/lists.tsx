/**
 * A list's pieces: its table, which turns into cards on a phone (each cell carries its column's
 * name), and the pager under it. The pager's words are the kit's (`UiWordsContext`, words.tsx);
 * the look is the member centre's sheet (`wl-table`, `wl-pager`).
 */
import type { ReactNode } from 'react';
import { fill } from '../kernel/i18n/browser.ts';
import { useUiWords } from './words.tsx';
import listsCss from './lists.css?url';
import { addStylesheet } from './stylesheets.ts';

void addStylesheet(listsCss);

/** A column of a record table: its name, a cell of a row, figures aligned right, codes in a fixed font. */
export interface Column<R> {
  label: string;
  cell: (row: R) => ReactNode;
  num?: boolean;
  mono?: boolean;
}

/** A record table; on a phone each row is a card whose cells carry their column's name. */
export function RecordTable<R>({ columns, rows, rowKey, rowClass }: { columns: Column<R>[]; rows: R[]; rowKey: (row: R) => string | number; rowClass?: (row: R) => string | undefined }) {
  return (
    <table className="wl-table">
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i} scope="col" className={c.num ? 'num' : undefined}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={rowKey(r)} className={rowClass?.(r)}>
            {columns.map((c, i) => (
              <td key={i} data-label={c.label} className={c.num ? 'num' : c.mono ? 'wl-mono' : undefined}>
                {c.cell(r)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Previous / next page, with where the list is (nothing when it fits one page). */
export function Pager({ page, pages, count, onPage }: { page: number; pages: number; count: number; onPage: (p: number) => void }) {
  const { common } = useUiWords();
  if (pages <= 1) return null;
  return (
    <nav className="wl-pager" aria-label={common.pager.label}>
      <button type="button" className="btn btn-ghost btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {common.pager.previous}
      </button>
      <span>
        {fill(common.pager.page, { page, pages: Math.max(pages, 1) })} · {fill(common.pager.count, { count })}
      </span>
      <button type="button" className="btn btn-ghost btn-sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {common.pager.next}
      </button>
    </nav>
  );
}
