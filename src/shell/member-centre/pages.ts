/**
 * The member centre's addresses (spec 2.14): `/member?page=<page>` (docs/architecture.md, 'The
 * member centre'). Which pages exist is declared by the features (./entries.ts); this module is
 * plain and small, for the features that link to or open a page.
 */
import { splitLocale } from '../../kernel/locales.ts';

/** A member-centre page's name: `deposit`, `messages` (declared by its feature's shell part). */
export type MemberCentrePage = string;

/**
 * Session storage: the member-centre page to open once a visitor has logged in (the announcement
 * popup's go-to-promotion, spec 2.8: the reward centre, which a visitor must log in to see).
 */
export const AFTER_LOGIN_PAGE_KEY = 'memberCentreAfterLogin';

/**
 * The member-centre page a link points at: `/member?page=deposit` or `/es/member?page=deposit`
 * of the same origin, when `known` says it is a page; null for any other link.
 * @example memberPageOfLink('/es/member?page=deposit', 'https://x.example', (p) => p === 'deposit') // 'deposit'
 */
export function memberPageOfLink(href: string, origin: string, known: (page: string) => boolean): MemberCentrePage | null {
  try {
    const url = new URL(href, origin);
    if (url.origin !== origin) return null;
    if (splitLocale(url.pathname).path.replace(/(.)\/$/, '$1') !== '/member') return null;
    const p = url.searchParams.get('page');
    return p && known(p) ? p : null;
  } catch {
    return null;
  }
}
