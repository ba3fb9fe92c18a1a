/**
 * Seamless play (issue 36): whether the brand plays a vendor's games in the site's own frame
 * (/seamless) rather than a new tab, from the page's client config (the brand file's `seamless`).
 * Tiny, so that the page's first script can ask it before it opens a window.
 */
export function playsSeamless(vassalage: string): boolean {
  try {
    const cfg = JSON.parse(document.getElementById('client-config')?.textContent || '{}') as { seamless?: { all?: boolean; vendors?: string[] } };
    return !!cfg.seamless && (cfg.seamless.all === true || (cfg.seamless.vendors ?? []).includes(vassalage));
  } catch {
    return false;
  }
}
