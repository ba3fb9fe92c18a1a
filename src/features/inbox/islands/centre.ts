/** What the inbox puts in the member-centre overlay: the platform messages page (spec 2.14). */
import type { ComponentType } from 'react';
import type { CentreModule } from '../../../shell/parts.ts';
import MessagesList from './MessagesList.tsx';

export const centre: CentreModule = {
  PAGES: { messages: MessagesList as ComponentType },
};
