/**
 * What the features put in the browser's shell (their `shell.tsx`), in feature order; the shell
 * (src/shell/Shell.tsx) renders these and knows no feature by name. Adding a feature with popups,
 * header parts or live page parts: its `shell.tsx` and one line here. This is the browser's side
 * of the composition root (src/app/features.ts is the server's).
 */
import type { ShellParts } from '../shell/parts.ts';
import { shell as accounts } from '../features/accounts/shell.tsx';
import { shell as protection } from '../features/protection/shell.tsx';
import { shell as wallet } from '../features/wallet/shell.tsx';
import { shell as points } from '../features/points/shell.tsx';
import { shell as promotions } from '../features/promotions/shell.tsx';
import { shell as inbox } from '../features/inbox/shell.tsx';
import { shell as agent } from '../features/agent/shell.tsx';
import { shell as home } from '../features/home/shell.tsx';
import { shell as support } from '../features/support/shell.tsx';

export const SHELL_PARTS: readonly ShellParts[] = [accounts, protection, wallet, points, promotions, inbox, agent, home, support];
