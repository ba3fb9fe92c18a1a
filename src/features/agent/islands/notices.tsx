/** Announcements addressed to agents (the operator's, sanitised HTML when written), newest first. */
import { useState } from 'react';
import { api } from '../../accounts/client.ts';
import { dateTime } from '../../../ui/dates.ts';
import { Empty, WhenLoaded } from '../../../ui/loaded.tsx';
import { useLabels } from '../../../shell/labels.tsx';
import type { Profile } from '../client/back-office.ts';
import type { AgentLabels } from '../client/labels.ts';
import { createNotices } from '../client/notices.ts';
import { useLoaded } from './report-parts.tsx';

export function AgentNotices({ a, title }: { a: AgentLabels; profile: Profile | null; title: string }) {
  const { lang } = useLabels();
  const [notices] = useState(() => createNotices({ client: api, lang }));
  const data = useLoaded(notices.$notices, notices.retry);
  return (
    <>
      <h2 id="agent-panel-title">{title}</h2>
      <p className="muted">{a.notices.lead}</p>
      <WhenLoaded loaded={data}>
        {(d) =>
          d.content.length === 0 ? (
            <Empty>{a.notices.empty}</Empty>
          ) : (
            <ul className="agent-notices">
              {d.content.map((n) => (
                <li key={n.id}>
                  <article aria-labelledby={`notice-${n.id}`}>
                    <h3 id={`notice-${n.id}`}>
                      {n.isDemo && <span className="demo-badge">{a.notices.demo}</span>} {n.title}
                    </h3>
                    <p className="muted small">{dateTime(n.createdAt, lang)}</p>
                    {/* Sanitised when the operator wrote it (content feature, sanitizeContentHtml). */}
                    <div className="agent-notice-body" dangerouslySetInnerHTML={{ __html: n.content }} />
                  </article>
                </li>
              ))}
            </ul>
          )
        }
      </WhenLoaded>
    </>
  );
}
