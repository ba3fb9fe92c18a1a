/** The brand's customer-service channels (the status call's, as the site's service widget shows them). */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $status, loadStatus } from '../../accounts/client.ts';
import type { AgentLabels } from '../client/labels.ts';
import { ServiceLink } from '../../../ui/ServiceLink.tsx';

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
              <ServiceLink channel={c}>{c.title}</ServiceLink>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{a.service.none}</p>
      )}
    </>
  );
}
