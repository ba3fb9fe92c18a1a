/** The points feature's page: /pointMall (spec 1, 2.16), the points mall. */
import type { PageDecl } from '../../kernel/pages.ts';

export const pages: PageDecl[] = [{ path: '/pointMall', view: 'views/PointMallPage.astro', cacheSeconds: 300 }];
