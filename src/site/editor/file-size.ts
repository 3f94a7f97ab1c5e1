/** File sizes as the editor shows them (engine spec §9): base 1024, from Bytes to YB. */
export const FILE_SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;
/** Upload limits are stated in decimal megabytes. */
export const BYTES_IN_MB = 1_000_000;

export function formatFileSize(bytes: number, fractionDigits = 1): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let unit = 0;
  let size = bytes;
  while (size >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    size /= 1024;
    unit++;
  }
  return `${unit === 0 ? size : Number(size.toFixed(fractionDigits))} ${FILE_SIZE_UNITS[unit]}`;
}
