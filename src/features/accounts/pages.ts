/** The accounts feature's pages: the agent's door, and the member's account. */
import type { PageDecl } from '../../kernel/pages.ts';

export const pages: PageDecl[] = [
  { path: '/agent', view: 'views/AgentLoginPage.astro', cacheSeconds: 60 },
  { path: '/member', view: 'views/MemberPage.astro', cacheSeconds: 60 },
];
