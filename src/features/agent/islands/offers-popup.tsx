/**
 * The consolidated popup (issue 14; spec 2.15): offers from the upline waiting for the agent's
 * answer, when the consolidated call's flags say one waits (a *req* flag of 2). A modal
 * `<dialog>` that closes only by its close button; page scroll is frozen while it is open. The
 * offers are the popup's store (client/offers-popup.ts); the dialog and the scroll are this
 * component's.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../accounts/client.ts';
import type { Profile } from '../client/back-office.ts';
import type { AgentLabels } from '../client/labels.ts';
import { createOffersPopup } from '../client/offers-popup.ts';
import { ContractCard } from './contract-card.tsx';

export function ContractOffersPopup({ a, profile, onDecided }: { a: AgentLabels; profile: Profile | null; onDecided: () => void }) {
  const c = a.contracts;
  const [popup] = useState(() => createOffersPopup({ client: api }));
  const { offers, open } = useStore(popup.$popup);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      document.documentElement.style.overflow = 'hidden';
    }
    if (!open && d.open) d.close();
    return () => {
      document.documentElement.style.overflow = '';
    };
  }, [open]);
  if (!open) return null;
  const kinds = c.kinds as Record<string, string>;
  return (
    <dialog ref={dialog} className="contract-popup" aria-labelledby="contract-popup-title" onCancel={(e) => e.preventDefault()}>
      <h2 id="contract-popup-title">{c.popupTitle}</h2>
      {offers.map((o) => (
        <section key={o.id} aria-label={kinds[o.kind]}>
          <h3>{kinds[o.kind]}</h3>
          <ContractCard
            kind={o.kind}
            view={o}
            c={c}
            profile={profile}
            role="offer"
            onChanged={(decided) => {
              // The popup stays until its close button; the decided offer shows its new state.
              popup.decided(decided);
              onDecided();
            }}
          />
        </section>
      ))}
      <button
        type="button"
        className="btn btn-ghost"
        onClick={() => {
          popup.close();
          document.documentElement.style.overflow = '';
        }}
      >
        {c.close}
      </button>
    </dialog>
  );
}
