/** The wallet feature's pages: the sandbox payment provider's pay page. */
import type { PageDecl } from '../../kernel/pages.ts';

export const pages: PageDecl[] = [{ path: '/pay/sandbox', view: 'views/SandboxPayPage.astro' }];
