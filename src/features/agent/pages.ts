/** The agent feature's pages: the back office. */
import type { PageDecl } from '../../kernel/pages.ts';

export const pages: PageDecl[] = [{ path: '/agentHome', view: 'views/AgentHomePage.astro', cacheSeconds: 60 }];
