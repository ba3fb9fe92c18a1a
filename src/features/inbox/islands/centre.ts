/** What the inbox puts in the member-centre overlay: the platform messages page (spec 2.14). */
import type { ComponentType } from 'react';
import type { MemberCentrePage } from '../../../shell/member-centre/pages.ts';
import MessagesList from './MessagesList.tsx';

export const PAGES: Partial<Record<MemberCentrePage, ComponentType>> = { messages: MessagesList as ComponentType };
