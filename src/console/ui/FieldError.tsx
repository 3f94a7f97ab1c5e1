/**
 * A field's error, right under it; the field points at it with `aria-describedby` (see `describedBy`).
 * `announce` also reads it out when it appears (an error after an action, not one of many on a save).
 */
export function FieldError({
  id,
  message,
  announce = false,
}: {
  id: string;
  message: string | undefined;
  announce?: boolean;
}) {
  if (message === undefined || message === '') return null;
  return (
    <p id={id} className="FieldError" role={announce ? 'alert' : undefined}>
      {message}
    </p>
  );
}

/** The attributes a field takes when it may have an error under it. */
export function describedBy(
  errorId: string,
  message: string | undefined,
): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return message === undefined || message === '' ? {} : { 'aria-invalid': true, 'aria-describedby': errorId };
}
