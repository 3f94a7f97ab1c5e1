/**
 * JSON text that is safe inside a `<script>` element: `</` is written `<\/`, so data cannot close the element.
 */

export function scriptSafeJson(value: unknown, indent?: string): string {
  const text = JSON.stringify(value, undefined, indent) ?? 'null';
  return text.includes('</') ? text.replaceAll('</', '<\\/') : text;
}
