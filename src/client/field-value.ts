/**
 * The value of the form control behind a change event. Islands are also compiled for the worker
 * (which renders them), where DOM element types are not available.
 */
export function fieldValue(event: { target: unknown }): string {
  return String((event.target as { value?: unknown }).value ?? '');
}
