/**
 * Plain text with its web addresses made into links, safely (issue 31's chat): the text is never
 * HTML; only http and https addresses become links, opened in a new tab without the opener and
 * marked nofollow; a trailing full stop or bracket stays text.
 */
import type { ReactNode } from 'react';

const URL_RE = /\bhttps?:\/\/[^\s<>"']+/gi;

export function Linkified({ text }: { text: string }): ReactNode {
  const out: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(URL_RE)) {
    let href = m[0];
    // Punctuation that ends a sentence is not part of the address.
    const trail = /[.,;:!?)\]]+$/.exec(href)?.[0] ?? '';
    href = href.slice(0, href.length - trail.length);
    let ok = false;
    try {
      const u = new URL(href);
      ok = u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      ok = false;
    }
    if (!ok) continue;
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push(
      <a key={m.index} href={href} target="_blank" rel="noopener noreferrer nofollow ugc">
        {href}
      </a>,
    );
    at = m.index + href.length;
  }
  if (at < text.length) out.push(text.slice(at));
  return <>{out}</>;
}
