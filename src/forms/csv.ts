/**
 * CSV as spreadsheets read it (RFC 4180: fields with a comma, quote or line break are quoted, quotes
 * doubled, CRLF between records). A cell a visitor typed that starts with = + - @ (or a tab or
 * carriage return) would run as a formula when the merchant opens the file, so it is prefixed with
 * an apostrophe and read as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(records: readonly (readonly string[])[]): string {
  return records.map((record) => record.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
