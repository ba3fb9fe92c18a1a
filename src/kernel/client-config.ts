/**
 * Entries the features add to the page's client config (the JSON the browser's API client and
 * islands read; src/shell/components/ClientConfig.astro): the app hands them here, so the shell
 * names no feature (player protection's minimum age, read by the registration form, is one).
 * Each is computed per page, on the server; values must be JSON.
 */
type Entries = () => Record<string, unknown>;

let entries: Entries = () => ({});

/** Sets the features' client-config entries (the app does, once, at start). */
export function provideClientConfigEntries(e: Entries): void {
  entries = e;
}

/** The features' entries for this page. */
export const clientConfigEntries = (): Record<string, unknown> => entries();
