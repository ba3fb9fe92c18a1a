/** The promotions feature's page: /promotions, each promotion's words with its status (the member's, once logged in). */
import type { PageDecl } from '../../kernel/pages.ts';

export const pages: PageDecl[] = [{ path: '/promotions', view: 'views/PromotionsPage.astro', cacheSeconds: 300 }];
