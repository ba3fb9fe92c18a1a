/** The brand's customer-service channels (the status call's, as the site's service widget shows them). */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $status, loadStatus } from '../../accounts/client.ts';
import type { AgentLabels } from '../client/labels.ts';
import { openLiveChat } from '../../../ui/live-chat.ts';

export function CustomerService({ a, title }: { a: AgentLabels; title: string }) {
  const status = useStore($status);
  useEffect(() => void loadStatus().catch(() => undefined), []);
  if (!status)
    return (
      <p className="muted" role="status">
        {a.loading}
      </p>
    );
  const channels = status.info.customerService;
  return (
    <>
      <h2 id="agent-panel-title">{title}</h2>
      <p className="muted">{a.service.lead}</p>
      {channels.length ? (
        <ul className="agent-service">
          {channels.map((c) => (
            <li key={`${c.csType}:${c.path}`}>
              {c.csType === 'LIVECHAT' ? (
                // Our own chat, in the customer-service window (it takes the tab's session along).
                <a href={c.path} onClick={(e) => (e.preventDefault(), openLiveChat(c.path))}>
                  {c.title}
                </a>
              ) : (
                <a href={c.path} target="_blank" rel="noopener noreferrer">
                  {c.title}
                </a>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{a.service.none}</p>
      )}
    </>
  );
}
