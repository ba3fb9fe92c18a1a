/**
 * Stylesheets of the parts that load on demand (the shell and its popups, the member centre, the
 * lobby's popups). Imported with `?url`, they stay out of the pages' inlined CSS (Astro inlines
 * the CSS of every script a page may load, astro.config.mjs), so that a visitor's first paint
 * carries only what the page shows; a module adds its sheet when it is loaded, and whoever
 * renders it first waits for `stylesheetsReady()`, so nothing is shown unstyled.
 */
const loading = new Map<string, Promise<void>>();

/** Adds `<link rel="stylesheet" href>` once; resolves when it has loaded (or failed: the page goes on). */
export function addStylesheet(href: string): Promise<void> {
  let p = loading.get(href);
  if (!p) {
    p = new Promise<void>((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = link.onerror = () => resolve();
      document.head.append(link);
    });
    loading.set(href, p);
  }
  return p;
}

/** Resolves when every stylesheet added so far has loaded. */
export function stylesheetsReady(): Promise<void> {
  return Promise.all(loading.values()).then(() => undefined);
}
