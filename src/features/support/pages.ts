/** Customer service's pages: the live chat (a visitor's or a member's; the same HTML for all). */
import type { PageDecl } from '../../kernel/pages.ts';

export const pages: PageDecl[] = [{ path: '/chat', view: 'views/ChatPage.astro', cacheSeconds: 300 }];
