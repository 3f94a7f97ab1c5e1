/**
 * The link editor's targets (engine spec §2: Page, Web Address, Email, Phone, File) and the address
 * each makes, with the spec's validation messages (§5) for what cannot be one.
 */
export const LINK_TARGETS = ['Page', 'Web Address', 'Email', 'Phone', 'File'] as const;
export type LinkTarget = (typeof LINK_TARGETS)[number];

export const LINK_MESSAGES = {
  email: 'Please enter a valid email',
  webAddress: 'Links must be formatted as http://www.example.com or https://www.example.com',
  page: (val: string) => `${val} is not a valid page URL`,
  phone: 'Please enter a valid phone number',
  file: 'Please choose a file',
} as const;

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;
const PAGE = /^\/(?![/\\])[\w\-./%]*(?:[?#][\w\-./%=&]*)?$/;
const PHONE = /^\+?[\d\s().-]{3,30}$/;

/** The href for `value` as a link of `target`, or the message to show under the field. */
export function linkHref(target: LinkTarget, value: string): { href: string } | { error: string } {
  const val = value.trim();
  switch (target) {
    case 'Page':
      return PAGE.test(val) ? { href: val } : { error: LINK_MESSAGES.page(val === '' ? '""' : val) };
    case 'Web Address': {
      if (!/^https?:\/\//i.test(val)) return { error: LINK_MESSAGES.webAddress };
      try {
        const url = new URL(val);
        return url.hostname.includes('.') ? { href: url.href } : { error: LINK_MESSAGES.webAddress };
      } catch {
        return { error: LINK_MESSAGES.webAddress };
      }
    }
    case 'Email':
      return EMAIL.test(val) && val.length <= 254 ? { href: `mailto:${val}` } : { error: LINK_MESSAGES.email };
    case 'Phone':
      return PHONE.test(val) && /\d{3}/.test(val.replace(/\D/g, '')) ? { href: `tel:${val.replace(/[^\d+]/g, '')}` } : { error: LINK_MESSAGES.phone };
    case 'File':
      return val.startsWith('/files/') ? { href: val } : { error: LINK_MESSAGES.file };
  }
}

/** Which target an existing href was made with, and the value the editor shows for it. */
export function linkTargetOf(href: string): { target: LinkTarget; value: string } {
  if (href.startsWith('mailto:')) return { target: 'Email', value: href.slice('mailto:'.length) };
  if (href.startsWith('tel:')) return { target: 'Phone', value: href.slice('tel:'.length) };
  if (href.startsWith('/files/')) return { target: 'File', value: href };
  if (href.startsWith('/')) return { target: 'Page', value: href };
  return { target: 'Web Address', value: href };
}
