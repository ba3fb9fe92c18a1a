/**
 * The member centre's pages (spec 2.14), shared by the /member page (its menu of links) and the
 * browser's overlay. Its address is `/member?page=<page>` (docs/architecture.md, 'The member
 * centre').
 */
import { splitLocale } from '../../kernel/locales.ts';

/**
 * The member-centre pages that exist, in the order of spec 2.14. 'My account' and the security
 * centre are the /member page itself. Platform messages come from the inbox feature, the reward
 * centre, the VIP page (listed only while the brand's VIP is on) and the referral page (only
 * while it runs invite friends) from the promotions; missions and manual rebate arrive with their
 * own issues and are not listed until then.
 */
export const MEMBER_PAGES = ['wallet', 'deposit', 'withdrawal', 'upline', 'betting', 'transactions', 'profit', 'bonus', 'rewards', 'referral', 'vip', 'messages'] as const;
export type MemberCentrePage = (typeof MEMBER_PAGES)[number];

/**
 * Session storage: the member-centre page to open once a visitor has logged in (the announcement
 * popup's go-to-promotion, spec 2.8: the reward centre, which a visitor must log in to see).
 */
export const AFTER_LOGIN_PAGE_KEY = 'memberCentreAfterLogin';

/** Is `p` the name of a member-centre page? */
export function isMemberPage(p: unknown): p is MemberCentrePage {
  return typeof p === 'string' && (MEMBER_PAGES as readonly string[]).includes(p);
}

/**
 * The member-centre page a link points at: `/member?page=deposit` or `/es/member?page=deposit`
 * of the same origin; null for any other link.
 * @example memberPageOfLink('/es/member?page=deposit', 'https://x.example') // 'deposit'
 */
export function memberPageOfLink(href: string, origin: string): MemberCentrePage | null {
  try {
    const url = new URL(href, origin);
    if (url.origin !== origin) return null;
    if (splitLocale(url.pathname).path.replace(/(.)\/$/, '$1') !== '/member') return null;
    const p = url.searchParams.get('page');
    return isMemberPage(p) ? p : null;
  } catch {
    return null;
  }
}
