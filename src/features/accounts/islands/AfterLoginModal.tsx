/** The after-login modal of spec 4: a welcome with the time (and address) of the previous login. */
import Popup from '../../../ui/Popup.tsx';
import { fill, useLabels } from '../../../shell/labels.tsx';
import { formatDateTime } from '../../../kernel/intl.ts';

export interface AfterLoginParams {
  name?: string;
  firstTimeLogin?: boolean;
  lastLoginTime?: number | null;
  lastLoginIp?: string | null;
}

export default function AfterLoginModal({ params, onClose }: { params: AfterLoginParams; onClose: () => void }) {
  const { auth, lang } = useLabels();
  const when = params.lastLoginTime != null ? formatDateTime(params.lastLoginTime, lang, { dateStyle: 'long' }) : null;
  return (
    <Popup title={fill(auth.afterLogin.title, { name: params.name ?? '' })} closeLabel={auth.close} onClose={onClose} className="popup-small">
      <div className="after-login">
        {when ? (
          <p>
            {fill(auth.afterLogin.previous, { time: when })}
            {params.lastLoginIp ? ` ${fill(auth.afterLogin.previousIp, { ip: params.lastLoginIp })}` : ''}.
          </p>
        ) : (
          <p>{auth.afterLogin.first}</p>
        )}
        {when && <p className="muted">{auth.afterLogin.hint}</p>}
        <button type="button" className="btn btn-primary btn-block" data-autofocus onClick={onClose}>
          {auth.afterLogin.continue}
        </button>
      </div>
    </Popup>
  );
}
