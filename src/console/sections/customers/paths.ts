/** Where the customers section lives, and a customer's profile address (the email, lower-cased, names the customer). */
export const CUSTOMERS_ROOT = '/config/customers';

export function customerPath(email: string): string {
  return `${CUSTOMERS_ROOT}/${encodeURIComponent(email.toLowerCase())}`;
}
