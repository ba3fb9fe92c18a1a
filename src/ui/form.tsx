/**
 * Small pieces every form of the site shares: the form-level error line, and moving focus to the
 * first field in error after a refused submit (spec 8: errors show under each field).
 */

/** Puts focus on the first field marked aria-invalid inside `form`, after React has rendered the errors. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * The checks every form makes before it sends: shows the field errors `found` (and clears the
 * form-level one), and puts focus on the first field in error. True when the form may be sent.
 */
export function readyToSend<E extends Partial<Record<string, string>>>(found: E, o: { form: HTMLFormElement | null; setErrors: (e: E) => void; clearFormError: () => void }): boolean {
  o.setErrors(found);
  o.clearFormError();
  if (!Object.values(found).some(Boolean)) return true;
  focusFirstInvalid(o.form);
  return false;
}

/** The form-level error (a refusal that concerns no single field), announced to screen readers. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
