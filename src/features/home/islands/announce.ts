/**
 * The announcement popup's start (spec 2.8 and 4), small enough for a visitor's first script:
 * once per session and audience (the popup-closed flag of spec 3 Storage, kept apart for members
 * and visitors), it asks for the announcements the audience is shown (visitors execution B;
 * members A, plus F on their first login) and loads the popup itself only when there are some.
 * The home page names what to ask for and the popup's words (`<script id="announce-config">`).
 */
import type { AnnounceConfig, AnnounceItem } from './announce-popup.ts';
import { storedToken } from '../../../kernel/http/session-keys.ts';

export type Audience = 'member' | 'visitor';

/** Session storage: the popup was closed in this tab (spec 3, separately for members and visitors). */
export const POPUP_CLOSED_KEY: Record<Audience, string> = { member: 'announcePopupClosed.member', visitor: 'announcePopupClosed.visitor' };

function readJson<T>(id: string): T | null {
  try {
    return JSON.parse(document.getElementById(id)?.textContent || 'null') as T | null;
  } catch {
    return null;
  }
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

let opened = false;

/**
 * Shows the popup for `audience` if this page offers one (the home page) and it was not closed in
 * this session. `firstLogin` adds the first-login items (execution F).
 */
export async function announce(audience: Audience, firstLogin = false): Promise<void> {
  const config = readJson<AnnounceConfig>('announce-config');
  const client = readJson<{ merchant: string; language: string }>('client-config');
  const store = storage();
  if (!config || !client || opened || store?.getItem(POPUP_CLOSED_KEY[audience])) return;
  opened = true;
  const execution = audience === 'visitor' ? 'B' : firstLogin ? 'A,F' : 'A';
  const query = new URLSearchParams({ types: config.types, platform: 'W', execution });
  const headers: Record<string, string> = { Merchant: client.merchant, Language: client.language, Device: 'web' };
  const token = audience === 'member' ? storedToken() : null;
  if (token) headers.Authorization = token;
  let items: AnnounceItem[] = [];
  try {
    const res = await fetch(`/wps/relay/MCSFE_getListAnnouncements?${query}`, { headers });
    const body = (await res.json()) as { success?: boolean; value?: AnnounceItem[] };
    if (body.success && Array.isArray(body.value)) items = body.value;
  } catch {
    // No announcements this time (offline, maintenance): the page goes on without the popup.
  }
  if (items.length === 0) {
    opened = false;
    return;
  }
  const { openAnnouncementPopup } = await import('./announce-popup.ts');
  await openAnnouncementPopup(
    items,
    config,
    () => {
      store?.setItem(POPUP_CLOSED_KEY[audience], '1');
      opened = false;
    },
    audience === 'member',
  );
}

/**
 * The notice popup of the home page's marquee (spec 2.8): opens in place on notice `id`, with the
 * marquee's other notices to page through. The notices travel in the page itself
 * (`<script id="notice-items">`, NoticeMarquee.astro); the marquee's links still lead to
 * /announce without script. Answers false when this page has no such notice.
 */
export async function openNotice(id: number): Promise<boolean> {
  const config = readJson<AnnounceConfig>('announce-config');
  const notices = readJson<{ title: string; items: AnnounceItem[] }>('notice-items');
  const selected = notices?.items.findIndex((n) => n.id === id) ?? -1;
  if (!config || !notices || selected < 0) return false;
  if (opened) return true;
  opened = true;
  const { openAnnouncementPopup } = await import('./announce-popup.ts');
  await openAnnouncementPopup(notices.items, config, () => (opened = false), false, { selected, title: notices.title });
  return true;
}
