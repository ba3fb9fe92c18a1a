/**
 * The generic modal dialog and the loader overlay of spec 2.8: icon, title, text, buttons; a
 * click on the cover (or Escape) dismisses the dialog, which may also close by itself after a
 * timeout. Above any popup. The loader says 'Loading' to screen readers.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { $dialog, $loading, type DialogKind, type OpenDialog } from './stores/ui.ts';
import { useModalLayer } from './modal.ts';

export interface DialogLabels {
  /** in_popup_prompt */
  prompt: string;
  confirm: string;
  cancel: string;
  loading: string;
}

const ICON: Record<DialogKind, string> = {
  info: 'M12 8h.01M11 12h1v5h1',
  warning: 'M12 8v5M12 16.5h.01',
  error: 'M9 9l6 6M15 9l-6 6',
  success: 'M8 12.5l3 3 5-6',
  confirm: 'M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.4M12 17h.01',
};

function DialogBox({ dialog, labels }: { dialog: OpenDialog; labels: DialogLabels }) {
  const layerRef = useRef<HTMLDivElement>(null);
  const ids = useId();
  useModalLayer(layerRef);

  useEffect(() => {
    if (!dialog.timeoutMs) return;
    const t = window.setTimeout(() => dialog.resolve(false), dialog.timeoutMs);
    return () => window.clearTimeout(t);
  }, [dialog]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') dialog.resolve(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dialog]);

  const confirm = dialog.kind === 'confirm';
  return (
    <div
      ref={layerRef}
      className="dialog-layer"
      data-modal-layer
      onClick={(e) => {
        if (e.target === e.currentTarget) dialog.resolve(false);
      }}
    >
      <div className={`dialog dialog-${dialog.kind}`} role="alertdialog" aria-modal="true" aria-labelledby={`${ids}-t`} aria-describedby={`${ids}-d`}>
        <svg className="dialog-icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d={ICON[dialog.kind]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h2 id={`${ids}-t`} className="dialog-title">
          {dialog.title ?? labels.prompt}
        </h2>
        <p id={`${ids}-d`} className="dialog-text">
          {dialog.text}
        </p>
        <div className="dialog-actions">
          {confirm && (
            <button type="button" className="btn btn-ghost" onClick={() => dialog.resolve(false)}>
              {dialog.cancelLabel ?? labels.cancel}
            </button>
          )}
          <button type="button" className="btn btn-primary" data-autofocus onClick={() => dialog.resolve(true)}>
            {dialog.confirmLabel ?? labels.confirm}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The dialog and loader layers, rendered once by the shell. */
export default function DialogHost({ labels }: { labels: DialogLabels }) {
  const dialog = useStore($dialog);
  const loading = useStore($loading);
  return createPortal(
    <>
      {dialog && <DialogBox key={dialog.id} dialog={dialog} labels={labels} />}
      {loading > 0 && (
        <div className="loader-layer" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span className="sr-only">{labels.loading}</span>
        </div>
      )}
    </>,
    document.body,
  );
}
