/**
 * What the features add to every page's first script (their `boot-part.ts`), in feature order;
 * src/shell/boot.ts runs these and knows no feature by name. Tiny by design: each part names its
 * code with dynamic imports only. Adding one: the feature's `boot-part.ts` and a line here.
 */
import type { BootPart } from '../shell/boot-parts.ts';
import { boot as games } from '../features/games/boot-part.ts';
import { boot as play } from '../features/play/boot-part.ts';
import { boot as home } from '../features/home/boot-part.ts';
import { boot as support } from '../features/support/boot-part.ts';

export const BOOT_PARTS: readonly BootPart[] = [games, play, home, support];
