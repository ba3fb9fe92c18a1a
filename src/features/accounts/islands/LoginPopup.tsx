/**
 * The login popup of spec 2.9: login and register tabs (only with MOBILEVERCODELOGIN3), the
 * login form, links to forgot-password and sign-up. Free play closes the popup and goes to /.
 */
import { useStore } from '@nanostores/react';
import { beginSession } from '../client/session.ts';
import { $flags } from '../client/site.ts';
import { closePopup, openPopup } from '../../../ui/stores/ui.ts';
import Popup from '../../../ui/Popup.tsx';
import { completeLogin, goHome } from './flow.ts';
import LoginForm from './LoginForm.tsx';
import { useLabels } from '../../../shell/labels.tsx';

/** `stay`: the login was asked for because the session ended; once logged in, the player stays on this page (issue 17). */
export default function LoginPopup({ onClose, stay = false }: { onClose: () => void; stay?: boolean }) {
  const labels = useLabels();
  const { auth } = labels;
  const flags = useStore($flags);
  const tabs = flags.MOBILEVERCODELOGIN3 === true && (
    <div className="popup-tabs" role="group" aria-label={auth.login.title}>
      <button type="button" aria-pressed="true">
        {auth.login.tabLogin}
      </button>
      <button type="button" aria-pressed="false" onClick={() => openPopup('register')}>
        {auth.login.tabRegister}
      </button>
    </div>
  );
  return (
    <Popup title={auth.login.title} closeLabel={auth.close} onClose={onClose} className="popup-auth" headerExtra={tabs}>
      <LoginForm
        onSuccess={(outcome) => completeLogin(outcome, labels, stay)}
        onFreePlay={async (login) => {
          // Spec 4: free play closes the popup, goes to / and sets logged in.
          await beginSession(login);
          closePopup();
          goHome(labels);
        }}
        onForgot={() => openPopup('forget')}
        onRegister={() => openPopup('register')}
      />
    </Popup>
  );
}
