/**
 * The operator console at /console (issue 29): the staff login, then the sections the staff
 * member's roles allow, in a menu; the section and its filters live in the address. The state is
 * the console's store (../client/console.ts); this renders it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ClientMessages } from '../../../kernel/http/client.ts';
import { createConsole, sectionsFor, type Section } from '../client/console.ts';
import { Login } from './Login.tsx';
import { NoticeLine, fill, type Labels } from './parts.tsx';
import { Adjustments, Audit, Dashboard, Commands, Members, Staff, Withdrawals } from './sections.tsx';
import { Studio } from './studio.tsx';
import { Deposits } from './deposits.tsx';
import { Lottery } from './lottery.tsx';
import { Brand } from './brand.tsx';
import { Engagement } from './engagement.tsx';
import { Agents } from './agents.tsx';
import { Feedback } from './feedback.tsx';
import { Chat } from './chat.tsx';

interface Props {
  labels: Labels;
  lang: string;
  merchant: string;
  language: string;
  messages: ClientMessages;
  demo: boolean;
}

const VIEWS = {
  dashboard: Dashboard,
  withdrawals: Withdrawals,
  deposits: Deposits,
  lottery: Lottery,
  brand: Brand,
  engagement: Engagement,
  agents: Agents,
  chat: Chat,
  feedback: Feedback,
  members: Members,
  content: Studio,
  staff: Staff,
  audit: Audit,
  commands: Commands,
  adjustments: Adjustments,
} as const;

export default function ConsoleApp({ labels: L, lang, merchant, language, messages, demo }: Props) {
  const [c] = useState(() => createConsole({ merchant, language, messages, sessionEnded: L.login.sessionEnded }));
  const me = useStore(c.$me);
  const section = useStore(c.$section);
  const notice = useStore(c.$notice);
  useEffect(() => {
    void c.start();
  }, [c]);

  if (me === undefined) return <p className="muted">{L.common.loading}</p>;
  if (me === null) return <Login L={L} c={c} demo={demo} />;
  const allowed = sectionsFor(me.roles);
  const View = section ? VIEWS[section] : null;
  return (
    <div className="cs-app">
      <header className="cs-head">
        <p className="cs-who">{fill(L.nav.signedInAs, { name: me.username, roles: me.roles.map((r) => L.roles[r]).join(', ') })}</p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void c.logout()}>
          {L.nav.logout}
        </button>
      </header>
      <nav className="cs-nav" aria-label={L.nav.label}>
        <ul>
          {allowed.map((s: Section) => (
            <li key={s}>
              <a
                href={`?section=${s}`}
                aria-current={s === section ? 'page' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  c.open(s);
                }}
              >
                {L.nav[s]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="cs-main">
        <NoticeLine notice={notice} />
        {View && <View key={section} L={L} c={c} lang={lang} />}
      </div>
    </div>
  );
}
