/**
 * Platform messages (spec 2.14): the member's messages newest first, unread ones marked; opening
 * one reads it; delete, mark all as read, pages. Titles and bodies are shown as text (never
 * markup). Used by the member centre's page and the agent back office.
 */
import { useEffect, useId, useState } from 'react';
import { api } from '../../accounts/client.ts';
import { fill, useLabels } from '../../../shell/labels.tsx';
import type { ValueOf } from '../../../kernel/contract.ts';
import { inboxDelete, inboxList, inboxRead } from '../contract.ts';
import { $unread } from '../client.ts';
import { useInboxLabels } from './labels.ts';
import inboxCss from './inbox.css?url';
import { addStylesheet } from '../../../ui/stylesheets.ts';
import { formatDateTime } from '../../../kernel/intl.ts';

void addStylesheet(inboxCss);

type Page = ValueOf<typeof inboxList>;
const PAGE_SIZE = 10;

export default function MessagesList() {
  const labels = useLabels();
  const l = useInboxLabels(labels.lang);
  const ids = useId();
  const [pageNo, setPageNo] = useState(1);
  const [data, setData] = useState<Page | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let live = true;
    setError(null);
    api()
      .call(inboxList, { query: { pageNo: String(pageNo), pageSize: String(PAGE_SIZE) } })
      .then((d) => {
        if (!live) return;
        setData(d);
        $unread.set(d.unread);
      })
      .catch((err) => live && setError(err instanceof Error ? err.message : String(err)));
    return () => {
      live = false;
    };
  }, [pageNo, tick]);

  if (!l) return null;
  if (error)
    return (
      <p className="field-error" role="alert">
        {error}
      </p>
    );
  if (!data) return <p className="muted">{labels.auth.loading}</p>;

  const read = async (id: number) => {
    setOpen(open === id ? null : id);
    const m = data.content.find((x) => x.id === id);
    if (m && !m.read) {
      const r = await api().call(inboxRead, { body: { ids: [id] } });
      $unread.set(r.unread);
      setData({ ...data, unread: r.unread, content: data.content.map((x) => (x.id === id ? { ...x, read: true } : x)) });
    }
  };
  const readAll = async () => {
    const r = await api().call(inboxRead, { body: { all: true } });
    $unread.set(r.unread);
    setTick((n) => n + 1);
  };
  const remove = async (id: number) => {
    const r = await api().call(inboxDelete, { body: { ids: [id] } });
    $unread.set(r.unread);
    setOpen(null);
    setTick((n) => n + 1);
  };
  const when = { format: (ms: number | Date) => formatDateTime(Number(ms), labels.lang) };

  return (
    <div className="ib">
      <div className="ib-bar">
        <span className="ib-count" role="status">
          {fill(l.unread, { count: data.unread })}
        </span>
        {data.unread > 0 && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void readAll()}>
            {l.markAllRead}
          </button>
        )}
      </div>
      {data.content.length === 0 ? (
        <p className="muted">{l.empty}</p>
      ) : (
        <ul className="ib-list">
          {data.content.map((m) => (
            <li key={m.id} className={m.read ? 'ib-item' : 'ib-item ib-unread'}>
              <button type="button" className="ib-head" aria-expanded={open === m.id} aria-controls={`${ids}-${m.id}`} onClick={() => void read(m.id)}>
                {!m.read && <span className="ib-dot">{l.new}</span>}
                <span className="ib-title">{m.title}</span>
                {m.isDemo && <span className="ib-demo">{l.demo}</span>}
                <time dateTime={new Date(m.time).toISOString()}>{when.format(m.time)}</time>
              </button>
              <div id={`${ids}-${m.id}`} hidden={open !== m.id} className="ib-body">
                <p>{m.body}</p>
                <button type="button" className="btn btn-ghost btn-sm" aria-label={fill(l.deleteNamed, { title: m.title })} onClick={() => void remove(m.id)}>
                  {l.delete}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data.totalPages > 1 && (
        <nav className="ib-pager" aria-label={l.title}>
          <button type="button" className="btn btn-ghost btn-sm" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
            ‹
          </button>
          <span>
            {pageNo} / {data.totalPages}
          </span>
          <button type="button" className="btn btn-ghost btn-sm" disabled={pageNo >= data.totalPages} onClick={() => setPageNo(pageNo + 1)}>
            ›
          </button>
        </nav>
      )}
    </div>
  );
}
