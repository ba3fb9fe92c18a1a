/**
 * The one React root of the accounts slice, loaded on demand by boot.ts: the open popup, the
 * dialog and loader layers, the header's logged-in state (with the wallet's balance), the
 * member-centre overlay (loaded when it first opens), and the live parts of the member and agent
 * pages (rendered into their `data-shell-page` placeholders).
 */
import { useStore } from '@nanostores/react';
import { useCallback, useMemo, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { $popup, closePopup } from '../../lib/client/stores/ui.ts';
import AfterLoginModal, { type AfterLoginParams } from '../accounts/AfterLoginModal.tsx';
import { AgentIdentity, AgentLoginPanel } from '../accounts/AgentPanels.tsx';
import ChangePasswordModal, { type ChangePasswordParams } from '../accounts/ChangePasswordModal.tsx';
import { goHome, onPopupRoute } from '../accounts/flow.ts';
import ForgotPasswordPopup from '../accounts/ForgotPasswordPopup.tsx';
import LoginPopup from '../accounts/LoginPopup.tsx';
import MemberPanel from '../accounts/MemberPanel.tsx';
import RegisterModal from '../accounts/RegisterModal.tsx';
import UserMenu from '../accounts/UserMenu.tsx';
import MemberCentreHost from '../member-centre/MemberCentreHost.tsx';
import HeaderBalance from '../wallet/HeaderBalance.tsx';
import DialogHost from '../ui/Dialog.tsx';
import { LabelsContext, localPath, type Labels } from './labels.tsx';

const PAGES: Record<string, () => ReactNode> = {
  member: () => <MemberPanel />,
  agentLogin: () => <AgentLoginPanel />,
  agentHome: () => <AgentIdentity />,
};

export default function Shell({ labels }: { labels: Labels }) {
  const popup = useStore($popup);
  const { auth } = labels;

  // Closing a popup opened by its own route (/login, /register, /forget) leaves the address at /.
  const onClose = useCallback(() => {
    closePopup();
    if (onPopupRoute()) history.replaceState(history.state, '', localPath(labels, '/'));
  }, [labels]);

  const pages = useMemo(() => [...document.querySelectorAll<HTMLElement>('[data-shell-page]')], []);

  let open: ReactNode = null;
  switch (popup?.name) {
    case 'login':
      open = <LoginPopup onClose={onClose} />;
      break;
    case 'register':
      open = <RegisterModal onClose={onClose} />;
      break;
    case 'forget':
      open = <ForgotPasswordPopup onClose={onClose} />;
      break;
    case 'changePassword':
      open = <ChangePasswordModal params={(popup.params ?? {}) as ChangePasswordParams} onClose={onClose} />;
      break;
    case 'afterLogin':
      open = (
        <AfterLoginModal
          params={(popup.params ?? {}) as AfterLoginParams}
          onClose={() => {
            closePopup();
            goHome(labels);
          }}
        />
      );
      break;
    default:
      open = null;
  }

  return (
    <LabelsContext.Provider value={labels}>
      {open && <div key={popup?.name}>{open}</div>}
      <UserMenu />
      <HeaderBalance />
      <MemberCentreHost />
      {pages.map((el) => {
        const render = PAGES[el.dataset.shellPage ?? ''];
        return render ? createPortal(render(), el, el.dataset.shellPage) : null;
      })}
      <DialogHost labels={{ prompt: auth.in_popup_prompt, confirm: auth.confirm, cancel: auth.cancel, loading: auth.loading }} />
    </LabelsContext.Provider>
  );
}
