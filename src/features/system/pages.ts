/** The system feature's pages. */
import type { PageDecl } from '../../kernel/pages.ts';

export const pages: PageDecl[] = [{ path: '/system-status', view: 'views/SystemStatusPage.astro' }];
