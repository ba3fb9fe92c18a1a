/** What the wallet puts in the shell: the header's balance (with its deposit shortcut), and its member-centre pages (spec 2.14's order). */
import type { ShellParts } from '../../shell/parts.ts';
import HeaderBalance from './islands/HeaderBalance.tsx';
import { loadWalletLabels } from './islands/labels.ts';

const load = () => import('./islands/centre.tsx').then((m) => m.centre);
const PAGES = ['wallet', 'deposit', 'withdrawal', 'upline', 'betting', 'transactions', 'profit', 'bonus'] as const;

export const shell: ShellParts = {
  header: [HeaderBalance],
  centre: PAGES.map((page, i) => ({ page, order: (i + 1) * 10, load, label: async (lang) => (await loadWalletLabels(lang)).centre.pages[page] })),
};
