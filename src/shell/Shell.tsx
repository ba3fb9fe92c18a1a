/**
 * The one React root of the shell, loaded on demand by boot.ts: the open popup, the dialog and
 * loader layers, the header's logged-in parts, the member-centre overlay (loaded when it first
 * opens), and the live parts of pages (rendered into their `data-shell-page` placeholders). What
 * each feature puts here is declared in its `shell.tsx` (gathered by src/app/shell-parts.ts): the
 * shell renders the declarations and knows no feature by name.
 */
import { useStore } from '@nanostores/react';
import { Fragment, useCallback, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { SHELL_PARTS } from '../app/shell-parts.ts';
import { onPopupRoute } from '../features/accounts/client.ts';
import { $popup, closePopup } from '../ui/stores/ui.ts';
import DialogHost from '../ui/Dialog.tsx';
import MemberCentreHost from './member-centre/MemberCentreHost.tsx';
import MemberCentreMenu from './member-centre/MemberCentreMenu.tsx';
import { LabelsContext, localPath, type Labels } from './labels.tsx';
import type { PopupProps } from './parts.ts';

const POPUPS: Record<string, (p: PopupProps) => React.ReactNode> = Object.assign({}, ...SHELL_PARTS.map((p) => p.popups ?? {}));
const HEADER = SHELL_PARTS.flatMap((p) => p.header ?? []);
// The shell's own live part: the /member page's links to the member centre's pages.
const PAGES: Record<string, React.ComponentType> = Object.assign({ memberCentreMenu: MemberCentreMenu }, ...SHELL_PARTS.map((p) => p.pages ?? {}));

export default function Shell({ labels }: { labels: Labels }) {
  const popup = useStore($popup);
  const { auth } = labels;

  // Closing a popup opened by its own route (/login, /register, /forget) leaves the address at /.
  const onClose = useCallback(() => {
    closePopup();
    if (onPopupRoute()) history.replaceState(history.state, '', localPath(labels, '/'));
  }, [labels]);

  const pages = useMemo(() => [...document.querySelectorAll<HTMLElement>('[data-shell-page]')], []);
  const render = popup ? POPUPS[popup.name] : undefined;
  const open = popup && render ? render({ params: popup.params, onClose, labels }) : null;

  return (
    <LabelsContext.Provider value={labels}>
      {open && <div key={popup?.name}>{open}</div>}
      {HEADER.map((Part, i) => (
        <Fragment key={i}>
          <Part />
        </Fragment>
      ))}
      <MemberCentreHost />
      {pages.map((el) => {
        const Page = PAGES[el.dataset.shellPage ?? ''];
        return Page ? createPortal(<Page />, el, el.dataset.shellPage) : null;
      })}
      <DialogHost labels={{ prompt: auth.in_popup_prompt, confirm: auth.confirm, cancel: auth.cancel, loading: auth.loading }} />
    </LabelsContext.Provider>
  );
}
