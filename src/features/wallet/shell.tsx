/** What the wallet puts in the shell: the header's balance (with its deposit shortcut). */
import type { ShellParts } from '../../shell/parts.ts';
import HeaderBalance from './islands/HeaderBalance.tsx';

export const shell: ShellParts = { header: [HeaderBalance] };
