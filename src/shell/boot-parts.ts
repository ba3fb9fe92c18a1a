/**
 * What a feature adds to every page's first script (src/shell/boot.ts), declared in its
 * `boot-part.ts` and gathered in feature order by src/app/boot-parts.ts. Kept tiny: a part names
 * its code with dynamic `import()`s, loaded only when the page or the visitor asks for it, so a
 * visitor's page still loads no React (the home page's budget).
 */
export interface BootContext {
  /** A session token is present (the shell is loading). */
  session: boolean;
  /** The page opens a popup by itself (/login, /register, /forget). */
  popup: boolean;
  /** Loads the shell (React, the session, the popups) once; later calls answer the same load. */
  loadShell: () => Promise<unknown>;
}

export interface BootPart {
  /** Runs once the shell has loaded (enhancers that need the session: favourite hearts, the lobby's buttons). */
  withShell?: () => Promise<unknown>;
  /** Runs once, as the page starts (the search bar's listeners, a visitor's announcement). */
  onStart?: (page: BootContext) => void;
  /**
   * A left click on a link of this site, before the shell's own handling (the popup routes):
   * answers true when the part took it (the link is then not followed), false to let it go on.
   */
  click?: (a: HTMLAnchorElement, page: BootContext) => boolean;
}
