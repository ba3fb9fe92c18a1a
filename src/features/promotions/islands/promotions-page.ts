/**
 * The promotions page for a logged-in member (issue 15): each promotion the engine runs shows the
 * member's own status, a Join button while it may be joined, and a link to the bonus once issued.
 * Plain DOM over the page's server-rendered cards (`[data-promo-status]`, `[data-promo-action]`).
 */
import { promotionJoin, promotionStatuses, type MemberPromotion } from '../contract.ts';
import { ApiFailure, pageApiClient } from '../../../kernel/http/client.ts';

interface PageConfig {
  statuses: Record<string, string>;
  join: string;
  apply: string;
  applied: string;
  enterCode: string;
  signIn: string;
  rewardsHref: string;
  joined: string;
  bonusLink: string;
  bonusHref: string;
  vipLink: string;
  vipHref: string;
  referralLink: string;
  freeSpinsClaim: string;
  freeSpinsPlay: string;
  referralHref: string;
}

function config(): PageConfig | null {
  try {
    return JSON.parse(document.getElementById('promotions-config')?.textContent || 'null') as PageConfig | null;
  } catch {
    return null;
  }
}

function render(p: MemberPromotion, cfg: PageConfig, note?: string): void {
  const dd = document.querySelector<HTMLElement>(`[data-promo-status="${p.id}"]`);
  if (dd) {
    // classList, not className: the page's scoped styles mark the element with a class of their own.
    for (const c of [...dd.classList]) if (c.startsWith('st-')) dd.classList.remove(c);
    dd.classList.add(`st-${p.status}`);
    dd.textContent = cfg.statuses[p.status] ?? p.status;
  }
  const box = document.querySelector<HTMLElement>(`[data-promo-action="${p.id}"]`);
  if (!box) return;
  const status = box.querySelector<HTMLElement>('.action-note');
  box.querySelectorAll('.member-action').forEach((el) => el.remove());
  if (p.status === 'join' && (box.dataset.promoStart === 'code' || box.dataset.promoKind === 'signin')) {
    // A code is entered, and a sign-in made, in the reward centre.
    const text = box.dataset.promoStart === 'code' ? cfg.enterCode : cfg.signIn;
    const a = Object.assign(document.createElement('a'), { className: 'btn btn-primary btn-sm member-action', href: cfg.rewardsHref, textContent: text });
    box.prepend(a);
  } else if (p.status === 'join') {
    const b = Object.assign(document.createElement('button'), {
      type: 'button',
      className: 'btn btn-primary btn-sm member-action',
      textContent: box.dataset.promoStart === 'apply' ? cfg.apply : cfg.join,
    });
    b.addEventListener('click', () => void join(p.id, b, cfg));
    box.prepend(b);
  } else if (box.dataset.promoKind === 'vip' && p.status !== 'closed' && p.status !== 'comingSoon') {
    // The VIP programme: the member's level and progress are on the VIP page.
    const a = Object.assign(document.createElement('a'), { className: 'btn btn-ghost btn-sm member-action', href: cfg.vipHref, textContent: cfg.vipLink });
    box.prepend(a);
  } else if (box.dataset.promoKind === 'freeSpins' && (p.status === 'claim' || p.status === 'inProcess')) {
    // Daily free spins are claimed, and their game opened, in the reward centre.
    const a = Object.assign(document.createElement('a'), {
      className: 'btn btn-primary btn-sm member-action',
      href: cfg.rewardsHref,
      textContent: p.status === 'claim' ? cfg.freeSpinsClaim : cfg.freeSpinsPlay,
    });
    box.prepend(a);
  } else if (box.dataset.promoKind === 'referral' && p.status !== 'closed' && p.status !== 'comingSoon') {
    // Invite friends: the invite link and the friends are on the referral page.
    const a = Object.assign(document.createElement('a'), { className: 'btn btn-ghost btn-sm member-action', href: cfg.referralHref, textContent: cfg.referralLink });
    box.prepend(a);
  } else if (p.status === 'issued') {
    const a = Object.assign(document.createElement('a'), { className: 'btn btn-ghost btn-sm member-action', href: cfg.bonusHref, textContent: cfg.bonusLink });
    box.prepend(a);
  }
  if (status && note !== undefined) status.textContent = note;
}

async function join(id: number, button: HTMLButtonElement, cfg: PageConfig): Promise<void> {
  button.disabled = true;
  try {
    const p = await pageApiClient().call(promotionJoin, { body: { id } });
    render(p, cfg, p.status === 'applying' ? cfg.applied : cfg.joined);
  } catch (err) {
    button.disabled = false;
    const note = document.querySelector<HTMLElement>(`[data-promo-action="${id}"] .action-note`);
    if (note) note.textContent = err instanceof ApiFailure ? err.message : String(err);
  }
}

/** Replaces the visitor's statuses with the member's; leaves the page as it is when the call fails (an ended session). */
export async function showMemberStatuses(): Promise<void> {
  const cfg = config();
  if (!cfg) return;
  let list: MemberPromotion[];
  try {
    list = await pageApiClient().call(promotionStatuses);
  } catch {
    return;
  }
  for (const p of list) render(p, cfg);
}
