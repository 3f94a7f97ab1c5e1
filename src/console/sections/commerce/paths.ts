/** Where the commerce settings open, for the screens of other sections that link to them. */
export const COMMERCE_ROOT = '/config/commerce';
