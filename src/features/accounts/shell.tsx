/** What the accounts feature puts in the shell: its popups, the header's account menu, and the live parts of the member and agent pages. */
import type { ShellParts } from '../../shell/parts.ts';
import { closePopup } from '../../ui/stores/ui.ts';
import AfterLoginModal, { type AfterLoginParams } from './islands/AfterLoginModal.tsx';
import { AgentIdentity, AgentLoginPanel } from './islands/AgentPanels.tsx';
import ChangePasswordModal, { type ChangePasswordParams } from './islands/ChangePasswordModal.tsx';
import ForgotPasswordPopup from './islands/ForgotPasswordPopup.tsx';
import { goHome } from './islands/flow.ts';
import LoginPopup from './islands/LoginPopup.tsx';
import MemberPanel from './islands/MemberPanel.tsx';
import RegisterModal from './islands/RegisterModal.tsx';
import UserMenu from './islands/UserMenu.tsx';

export const shell: ShellParts = {
  popups: {
    login: ({ params, onClose }) => <LoginPopup onClose={onClose} stay={(params as { stay?: boolean } | undefined)?.stay === true} />,
    register: ({ onClose }) => <RegisterModal onClose={onClose} />,
    forget: ({ onClose }) => <ForgotPasswordPopup onClose={onClose} />,
    changePassword: ({ params, onClose }) => <ChangePasswordModal params={(params ?? {}) as ChangePasswordParams} onClose={onClose} />,
    afterLogin: ({ params, labels }) => (
      <AfterLoginModal
        params={(params ?? {}) as AfterLoginParams}
        onClose={() => {
          closePopup();
          // Spec 4: home after a login; a login after an ended session stays where the player was (issue 17).
          if ((params as { stay?: boolean } | undefined)?.stay !== true) goHome(labels);
        }}
      />
    ),
  },
  header: [UserMenu],
  pages: { member: MemberPanel, agentLogin: AgentLoginPanel, agentHome: AgentIdentity },
};
