/**
 * The live part of /member: the account's details and the security centre (change password, the
 * authenticator app and what a login from a new network asks for).
 * The member-centre menu around it is rendered by the page; sections of later issues say so.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { $member } from '../client/session.ts';
import { isTrialType } from '../contract.ts';
import { showDialog } from '../../../ui/stores/ui.ts';
import ChangePasswordForm from './ChangePasswordForm.tsx';
import AuthenticatorPanel from './AuthenticatorPanel.tsx';
import { useLabels } from '../../../shell/labels.tsx';
import { formatDateTime } from '../../../kernel/intl.ts';

export default function MemberPanel() {
  const { auth, lang } = useLabels();
  const member = useStore($member);
  const [formKey, setFormKey] = useState(0);
  const ids = useId();
  const security = useRef<HTMLElement>(null);
  const shown = member !== null;
  // /member#security from another page: the section exists only once the session is known,
  // after the browser looked for the anchor, so it is brought into view here (issue 17).
  useEffect(() => {
    if (shown && window.location.hash === '#security') security.current?.scrollIntoView({ block: 'start' });
  }, [shown]);
  // A trial account is refused this page (the shell's guard): nothing of it renders behind the refusal.
  if (!member || isTrialType(member.type)) return null;
  const date = (ms: number | null) => (ms == null ? auth.member.none : formatDateTime(ms, lang));
  const f = auth.member.fields;
  const rows: [string, string][] = [
    [f.account, member.account],
    [f.id, String(member.id)],
    [f.nickname, member.nickname || auth.member.none],
    [f.regDate, date(member.regDate)],
    [f.mobile, member.mobile ? `${member.countryDialingCode ? `+${member.countryDialingCode} ` : ''}${member.mobile}` : auth.member.none],
    [f.email, member.email ?? auth.member.none],
    ...(member.vip ? ([[f.vip, member.vip]] as [string, string][]) : []),
    [f.lastLogin, date(member.lastLoginTime)],
    [f.affiliateCode, member.affiliateCode ?? auth.member.none],
    [f.upline, member.upline ?? auth.member.none],
  ];
  return (
    <>
      <section className="card member-card" aria-labelledby={`${ids}-acc`}>
        <h2 id={`${ids}-acc`}>{auth.member.account}</h2>
        <dl className="facts">
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card member-card" id="security" ref={security} aria-labelledby={`${ids}-sec`}>
        <h2 id={`${ids}-sec`}>{auth.member.security}</h2>
        <h3>{auth.member.changePassword}</h3>
        <ChangePasswordForm
          key={formKey}
          onDone={async () => {
            await showDialog({ kind: 'success', text: auth.member.changeDone, timeoutMs: 4000 });
            setFormKey((k) => k + 1);
          }}
        />
        <AuthenticatorPanel />
      </section>
    </>
  );
}
