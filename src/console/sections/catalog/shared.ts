/** The catalogue section's address. */
import { CONSOLE_ROOT } from '../../router';

export const CATALOG_ROOT = `${CONSOLE_ROOT}/catalog`;
