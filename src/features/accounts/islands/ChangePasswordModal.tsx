/**
 * The change-password modal of spec 2.12 and 4: after a login with the brand's weak default or
 * an expired password the change is forced; closing it then signs out. Success reloads login
 * info, closes the modal and goes to / (the agent page: /agentHome).
 */
import { logout } from '../client/session.ts';
import { closePopup, showDialog } from '../../../ui/stores/ui.ts';
import Popup from '../../../ui/Popup.tsx';
import ChangePasswordForm from './ChangePasswordForm.tsx';
import { goHome } from './flow.ts';
import { localPath, useLabels } from '../../../shell/labels.tsx';

export interface ChangePasswordParams {
  forced?: boolean;
  oldPassword?: string;
  agent?: boolean;
}

export default function ChangePasswordModal({ params, onClose }: { params: ChangePasswordParams; onClose: () => void }) {
  const labels = useLabels();
  const { auth } = labels;
  const close = async () => {
    if (params.forced) await logout();
    onClose();
  };
  return (
    <Popup title={auth.changePassword.title} closeLabel={auth.close} onClose={() => void close()} className="popup-auth">
      {params.forced && (
        <div className="notice">
          <p>{auth.changePassword.forced}</p>
          <p className="muted">{auth.changePassword.forcedNote}</p>
        </div>
      )}
      <ChangePasswordForm
        knownOldPassword={params.oldPassword}
        onDone={async () => {
          closePopup();
          await showDialog({ kind: 'success', text: auth.changePassword.done, timeoutMs: 4000 });
          if (params.agent) window.location.assign(localPath(labels, '/agentHome'));
          else goHome(labels);
        }}
      />
    </Popup>
  );
}
