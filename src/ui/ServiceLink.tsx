/**
 * A link to one of the brand's customer-service channels in an island (the agent home, the
 * forgot-password form): our live chat opens in the customer-service window with the tab's
 * session (live-chat.ts); the other channels are the brand's links, opened apart.
 */
import type { ReactNode } from 'react';
import { openLiveChat } from './live-chat.ts';

export function ServiceLink({ channel, children }: { channel: { csType: string; path: string }; children: ReactNode }) {
  if (channel.csType === 'LIVECHAT')
    return (
      <a href={channel.path} onClick={(e) => (e.preventDefault(), openLiveChat(channel.path))}>
        {children}
      </a>
    );
  return (
    <a href={channel.path} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
