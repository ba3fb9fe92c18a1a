/**
 * The React face of the modal layers (src/ui/layers.ts): a component's root becomes a layer
 * while mounted.
 */
import { useEffect, useLayoutEffect, type RefObject } from 'react';
import { focusInto, popLayer, pushLayer } from './layers.ts';

export { focusables, focusIsFree } from './layers.ts';

/**
 * Makes the element of `ref` a modal layer while mounted: scroll frozen, Tab kept inside, focus
 * moved in (to `[data-autofocus]`, else the first text field, else the dialog box itself) and
 * given back when the last layer closes.
 */
export function useModalLayer(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    pushLayer(el);
    return () => popLayer(el);
  }, [ref]);

  useEffect(() => {
    const el = ref.current;
    // A form whose fields arrive later (registration rules) focuses its first field itself.
    if (el) focusInto(el);
  }, [ref]);
}
