/**
 * The live parts of the agent pages: the login form of /agent (agents only, no free play, no
 * third-party login; success goes to /agentHome) and the identity and sign-out of /agentHome.
 */
import { useStore } from '@nanostores/react';
import { $member } from '../client/session.ts';
import { openPopup } from '../../../ui/stores/ui.ts';
import { completeLogin } from './flow.ts';
import LoginForm from './LoginForm.tsx';
import { confirmSignOut } from './UserMenu.tsx';
import { useLabels } from '../../../shell/labels.tsx';
import { formatDateTime } from '../../../kernel/intl.ts';

export function AgentLoginPanel() {
  const labels = useLabels();
  return <LoginForm agent onSuccess={(outcome) => completeLogin({ ...outcome, agent: true }, labels)} onForgot={() => openPopup('forget')} />;
}

export function AgentIdentity() {
  const labels = useLabels();
  const { auth } = labels;
  const member = useStore($member);
  if (!member) return null;
  const types = auth.agent.types as Record<string, string>;
  return (
    <div className="agent-identity">
      <dl className="facts">
        <div>
          <dt>{auth.agent.identity}</dt>
          <dd>
            <strong>{member.account}</strong> ({auth.member.fields.id} {member.id})
          </dd>
        </div>
        <div>
          <dt>{auth.agent.type}</dt>
          <dd>{types[String(member.type)] ?? String(member.type)}</dd>
        </div>
        {member.nickname && (
          <div>
            <dt>{auth.member.fields.nickname}</dt>
            <dd>{member.nickname}</dd>
          </div>
        )}
        <div>
          <dt>{auth.member.fields.lastLogin}</dt>
          <dd>{member.lastLoginTime != null ? formatDateTime(member.lastLoginTime, labels.lang) : auth.member.none}</dd>
        </div>
      </dl>
      <button type="button" className="btn btn-ghost" onClick={() => void confirmSignOut(labels, true)}>
        {auth.agent.signOut}
      </button>
    </div>
  );
}
