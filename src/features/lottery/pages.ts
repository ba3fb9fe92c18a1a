/**
 * The lottery's pages (spec 2.1, 2.2): /vnLottery, /seaLottery and /lottery, login required, no
 * footer. The lower-case names of spec 2.1 and 2.2 (/vnlottery, /sealottery, /lottert) are the
 * same pages without the side menu (spec 2.2's rule for the game pages).
 */
import type { PageDecl } from '../../kernel/pages.ts';

export const pages: PageDecl[] = [
  { path: '/vnLottery', view: 'views/LotteryPage.astro' },
  { path: '/seaLottery', view: 'views/LotteryPage.astro' },
  { path: '/lottery', view: 'views/LotteryPage.astro' },
  { path: '/vnlottery', view: 'views/LotteryPage.astro' },
  { path: '/sealottery', view: 'views/LotteryPage.astro' },
  { path: '/lottert', view: 'views/LotteryPage.astro' },
];
