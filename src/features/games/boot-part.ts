/** What the games feature adds to the page's first script: favourite hearts become toggles once the shell (and its session) is there. */
import type { BootPart } from '../../shell/boot-parts.ts';

export const boot: BootPart = {
  withShell: () => import('./islands/favourites.ts').then((f) => f.enhanceFavourites()),
};
