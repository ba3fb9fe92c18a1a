/**
 * Security headers of every answer (pages, API, assets). A page's Content-Security-Policy header
 * is Astro's (astro.config.mjs `security.csp`: the hashes of its scripts and styles, and the
 * middleware's `frame-ancestors`), and replaces the one set here; every other answer (API,
 * assets, redirects) carries this short policy: no framing unless the brand lists the origins
 * that may embed the site, no plugins, no base changes.
 * HSTS is sent only over HTTPS: a TLS socket, or `X-Forwarded-Proto: https` from a trusted proxy
 * (TRUST_PROXY=1), never on the word of any caller.
 */
import type { IncomingMessage } from 'node:http';
import { env } from '../env.ts';

/**
 * Browser powers the site never uses, switched off for it and anything it embeds. Only features
 * Chromium knows: an unknown one ('bluetooth') made it warn in the console of every page (issue 17).
 */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=()';

/** Was this request made over HTTPS (by the socket, or by a proxy we trust)? */
export function isHttps(req: IncomingMessage): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  if (env().TRUST_PROXY !== '1') return false;
  const proto = [req.headers['x-forwarded-proto']].flat()[0]?.split(',')[0]?.trim().toLowerCase();
  return proto === 'https';
}

/** The value of frame-ancestors for a brand's list of origins ('none' when empty). */
export function frameAncestorsOf(origins: string[]): string {
  return origins.length ? origins.join(' ') : "'none'";
}

/**
 * The headers for one answer. `frameAncestors`: origins allowed to embed the site (empty: none).
 * @example securityHeaders({ https: false, frameAncestors: [] })['content-security-policy'] // "frame-ancestors 'none'; object-src 'none'; base-uri 'self'"
 */
export function securityHeaders(o: { https: boolean; frameAncestors: string[] }): Record<string, string> {
  const ancestors = frameAncestorsOf(o.frameAncestors);
  const h: Record<string, string> = {
    'content-security-policy': `frame-ancestors ${ancestors}; object-src 'none'; base-uri 'self'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': 'same-origin-allow-popups',
  };
  // For browsers that know no frame-ancestors.
  if (!o.frameAncestors.length) h['x-frame-options'] = 'DENY';
  if (o.https) h['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return h;
}
