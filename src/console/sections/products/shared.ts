/** What the products section's screens share: its address. */
import { CONSOLE_ROOT } from '../../router';

export const PRODUCTS_ROOT = `${CONSOLE_ROOT}/products`;
