/**
 * The popup of spec 2.8: closes only through its close button (no click outside, no Escape),
 * can be dragged by its title bar, freezes page scrolling while open and restores the position,
 * fades in and out in 100 ms, keeps keyboard focus inside and gives it back. The close button
 * comes first in tab order and is labelled; the box is a labelled modal dialog.
 */
import { useCallback, useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModalLayer } from './modal.ts';
import { dragBox } from './layers.ts';
import popupCss from './popup.css?url';
import { addStylesheet } from './stylesheets.ts';

void addStylesheet(popupCss);

/** Spec 2.8: fade transition delay. */
export const POPUP_FADE_MS = 100;

export interface PopupProps {
  /** Visible title; also the dialog's accessible name. */
  title: ReactNode;
  /** Accessible label of the close button ('Close'). */
  closeLabel: string;
  /** Called after the fade-out, when the close button was used. */
  onClose: () => void;
  children: ReactNode;
  /** Extra class on the box (size variants). */
  className?: string;
  /** Content placed in the title bar after the title (tabs). */
  headerExtra?: ReactNode;
}

export default function Popup({ title, closeLabel, onClose, children, className, headerExtra }: PopupProps) {
  const layerRef = useRef<HTMLDivElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [shown, setShown] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const offset = useRef({ x: 0, y: 0 });
  useModalLayer(layerRef);

  useEffect(() => {
    const id = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(id);
  }, []);

  const close = useCallback(() => {
    if (leaving) return;
    setLeaving(true);
    window.setTimeout(onClose, POPUP_FADE_MS);
  }, [leaving, onClose]);

  // Dragging by the title bar; the box stays at least partly on screen.
  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (boxRef.current) dragBox(e.nativeEvent, e.currentTarget, boxRef.current, offset.current);
  };

  return createPortal(
    <div ref={layerRef} className="popup-layer" data-modal-layer data-shown={shown && !leaving ? '' : undefined}>
      <div ref={boxRef} className={className ? `popup ${className}` : 'popup'} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <button type="button" className="popup-close" aria-label={closeLabel} title={closeLabel} onClick={close}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
        <div className="popup-head" onPointerDown={onPointerDown}>
          <h2 id={titleId} className="popup-title">
            {title}
          </h2>
        </div>
        {headerExtra && <div className="popup-extra">{headerExtra}</div>}
        <div className="popup-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
