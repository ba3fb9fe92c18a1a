/**
 * The header's logged-in state (spec 2.4), rendered into the header's auth slot: the avatar
 * (a fallback image when it fails to load) opening a menu with the account name, a copy-id
 * button and its confirmation, the VIP label when VIP is on, Deposit, Withdraw, VIP level,
 * Invite (only when the REFERRAL promotion is known to be enabled), Personal centre, Agent
 * (agents only), Security centre, social links and Sign out (after in_sure_logout, with the
 * loader; players go home, agents to /agent). Trial accounts are refused member actions.
 * The wallet's balance and deposit shortcut sit before the avatar (src/features/wallet/islands); Deposit
 * and Withdraw are links to the member centre's pages, which open it over the current page.
 */
import { copyText } from '../../../ui/clipboard.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { memberIcon } from '../contract.ts';
import { $isAgent, $isTrial, $member, api, logout } from '../client/session.ts';
import { $status, loadStatus } from '../client/site.ts';
import { showDialog, withLoader } from '../../../ui/stores/ui.ts';
import { refuseTrial } from './flow.ts';
import { fill, localPath, useLabels } from '../../../shell/labels.tsx';

const FALLBACK_AVATAR = '/img/avatar.svg';

/** Signs out after the confirmation of spec 8 (in_popup_prompt / in_sure_logout). */
export async function confirmSignOut(labels: ReturnType<typeof useLabels>, agent: boolean): Promise<void> {
  const { auth } = labels;
  const ok = await showDialog({ kind: 'confirm', title: auth.in_popup_prompt, text: auth.in_sure_logout, confirmLabel: auth.confirm, cancelLabel: auth.cancel });
  if (!ok) return;
  await withLoader(async () => {
    await logout();
    // Spec 2.2: player logout returns home, agent logout to /agent.
    window.location.assign(localPath(labels, agent ? '/agent' : '/'));
    // Keep the loader up while the next page loads.
    await new Promise((r) => setTimeout(r, 5000));
  });
}

export default function UserMenu() {
  const labels = useLabels();
  const { auth } = labels;
  const member = useStore($member);
  const isAgent = useStore($isAgent);
  const isTrial = useStore($isTrial);
  const status = useStore($status);
  const [open, setOpen] = useState(false);
  const [avatar, setAvatar] = useState<string>(FALLBACK_AVATAR);
  const [copied, setCopied] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const slot = typeof document !== 'undefined' ? document.querySelector<HTMLElement>('[data-auth-slot]') : null;
  const memberId = member?.id;

  useEffect(() => {
    void loadStatus().catch(() => {});
  }, []);

  useEffect(() => {
    if (memberId === undefined) return;
    let live = true;
    api()
      .call(memberIcon)
      .then((v) => live && v.iconUrl && setAvatar(v.iconUrl))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [memberId]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!member || !slot) return null;

  const copyId = async () => {
    await copyText(String(member.id));
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2000);
  };

  /** Member actions: a trial account is refused (spec 6). */
  const memberAction = (e: MouseEvent<HTMLAnchorElement>) => {
    setOpen(false);
    if (isTrial) {
      e.preventDefault();
      void refuseTrial(labels);
    }
  };

  const social = Object.entries(status?.info.resources ?? {}).filter(([k]) => k !== 'CURACAO');
  const href = (p: string) => localPath(labels, p);
  // Invite only while the brand runs invite friends (spec 3's REFERRAL entry of availablePromo, spec 6); agents recruit with their team code.
  const referralEnabled = !isAgent && !!status?.info.availablePromo?.some((p) => p.code === 'REFERRAL' && p.enabled);
  // The points mall while the brand runs points (the POINTS entry), for players.
  const pointsEnabled = !isAgent && !!status?.info.availablePromo?.some((p) => p.code === 'POINTS' && p.enabled);

  return createPortal(
    <div className="user-menu" ref={rootRef}>
      <button ref={buttonRef} type="button" className="avatar-btn" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)}>
        <img src={avatar} alt="" width="32" height="32" onError={() => setAvatar(FALLBACK_AVATAR)} />
        <span className="avatar-name" aria-hidden="true">
          {member.account}
        </span>
        <span className="sr-only">{fill(auth.menu.open, { name: member.account })}</span>
      </button>
      <div id={menuId} className="user-dropdown" hidden={!open}>
        <div className="um-head">
          <strong className="um-account">{member.account}</strong>
          {isTrial && <span className="badge-trial">{auth.menu.trial}</span>}
          {member.vip && <span className="badge-vip">{member.vip}</span>}
          <div className="um-id">
            <span>{fill(auth.menu.id, { id: member.id })}</span>
            <button type="button" className="link-btn" onClick={() => void copyId()}>
              {auth.menu.copyId}
            </button>
            <span role="status" className="copied">
              {copied ? auth.menu.copied : ''}
            </span>
          </div>
        </div>
        <ul className="um-list">
          <li>
            <a href={href('/member?page=deposit')} onClick={memberAction}>
              {auth.menu.deposit}
            </a>
          </li>
          <li>
            <a href={href('/member?page=withdrawal')} onClick={memberAction}>
              {auth.menu.withdraw}
            </a>
          </li>
          {pointsEnabled && (
            <li>
              <a href={href('/member?page=points')} onClick={memberAction}>
                {auth.menu.points}
              </a>
            </li>
          )}
          {member.vip && (
            <li>
              <a href={href('/member?page=vip')} onClick={memberAction}>
                {auth.menu.vipLevel}
              </a>
            </li>
          )}
          {referralEnabled && (
            <li>
              <a href={href('/member?page=referral')} onClick={memberAction}>
                {auth.menu.invite}
              </a>
            </li>
          )}
          <li>
            <a href={href('/member')} onClick={memberAction}>
              {auth.menu.personal}
            </a>
          </li>
          {isAgent && (
            <li>
              <a href={href('/agentHome')} onClick={() => setOpen(false)}>
                {auth.menu.agent}
              </a>
            </li>
          )}
          <li>
            <a href={href('/member#security')} onClick={memberAction}>
              {auth.menu.security}
            </a>
          </li>
        </ul>
        {social.length > 0 && (
          <div className="um-social">
            <span className="um-label">{auth.menu.follow}</span>
            <ul>
              {social.map(([key, r]) => (
                <li key={key}>
                  <a href={r.url} target="_blank" rel="noopener noreferrer">
                    {r.labelNameEn}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-block"
          onClick={() => {
            setOpen(false);
            void confirmSignOut(labels, isAgent);
          }}
        >
          {auth.menu.signOut}
        </button>
      </div>
    </div>,
    slot,
  );
}
