/** The console feature's pages: the operator console (never cached: it is per staff member). */
import type { PageDecl } from '../../kernel/pages.ts';

export const pages: PageDecl[] = [{ path: '/console', view: 'views/ConsolePage.astro' }];
