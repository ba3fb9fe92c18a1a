/** What the wallet puts in the shell: the header's balance (with its deposit shortcut), and its member-centre pages (spec 2.14's order). */
import type { Lang } from '../../shell/labels.tsx';
import type { ShellParts } from '../../shell/parts.ts';
import HeaderBalance from './islands/HeaderBalance.tsx';
import { loadWalletLabels } from './islands/labels.ts';
import { loadUiWords } from '../../ui/words.tsx';

const load = () => import('./islands/centre.tsx').then((m) => m.centre);
const PAGES = ['wallet', 'deposit', 'withdrawal', 'upline', 'betting', 'transactions', 'profit', 'bonus'] as const;
// The pages' words come with the menu's names (the UI kit's too), so a page opens in place.
const label = async (lang: Lang, page: (typeof PAGES)[number]) => (await Promise.all([loadWalletLabels(lang), loadUiWords(lang)]))[0].centre.pages[page];

export const shell: ShellParts = {
  header: [HeaderBalance],
  centre: PAGES.map((page, i) => ({ page, order: (i + 1) * 10, load, label: (lang) => label(lang, page) })),
};
