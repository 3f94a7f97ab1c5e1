/**
 * The link editor's targets (engine spec §2: Page, Web Address, Email, Phone, File) and its
 * validation messages (§5), one set of rules for every link a merchant makes: a post's or a
 * page's text and the navigation. A target becomes the link's address (`href`): a site path, an
 * http(s) address, `mailto:`, `tel:`, or a file's `/files/{id}/{rev}/{name}` address chosen in
 * the file manager; an address reads back as its target.
 */
export const LINK_TARGET_TYPES = ['page', 'web', 'email', 'phone', 'file'] as const;
export type LinkTargetType = (typeof LINK_TARGET_TYPES)[number];

export const LINK_TARGET_LABELS: Readonly<Record<LinkTargetType, string>> = {
  page: 'Page',
  web: 'Web Address',
  email: 'Email',
  phone: 'Phone',
  file: 'File',
};

export interface LinkTarget {
  type: LinkTargetType;
  /** The page's path, the web address, the email address, the phone number or the file's address. */
  value: string;
}

export const LINK_MESSAGES = {
  validEmail: 'Please enter a valid email',
  emailFormat: 'Emails must be formatted as name@example.com',
  linkFormat: 'Links must be formatted as http://www.example.com or https://www.example.com',
  pageUrl: (value: string) => `${value} is not a valid page URL`,
  option: (value: string) => `${value} is not one of the expected options`,
  /** Ours: the spec has no message for a File link without its file. */
  file: 'Please choose a file',
  /** Ours: the spec has no phone message. */
  phone: 'Please enter a valid phone number',
} as const;

/** Longest address browsers keep (the old Internet Explorer limit, still the usual cap). */
export const MAX_LINK_LENGTH = 2083;
const PAGE_PATH = /^\/(?![/\\])[\w\-./%]*(?:\?[\w\-./%=&]*)?$/;
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const PHONE = /^\+?[0-9][0-9 ().-]{2,30}$/;
const FILE_ADDRESS = /^\/files\/[0-9a-z]{1,64}\/[1-9]\d{0,8}\/[\w\-.%]{1,255}$/;
export const FILE_PREFIX = '/files/';

/** The target's address, or the spec's message for what is wrong with it. */
export function linkHref(target: { type: string; value: string }): { href: string } | { error: string } {
  const value = target.value.trim();
  switch (target.type) {
    case 'page':
      return PAGE_PATH.test(value) && value.length <= MAX_LINK_LENGTH
        ? { href: value }
        : { error: LINK_MESSAGES.pageUrl(value === '' ? '""' : value) };
    case 'web': {
      const withScheme = /^https?:\/\//i.test(value) ? value : `https://${value}`;
      let url: URL;
      try {
        url = new URL(withScheme);
      } catch {
        return { error: LINK_MESSAGES.linkFormat };
      }
      if (
        !HOST.test(url.hostname) ||
        /\s/.test(value) ||
        withScheme.length > MAX_LINK_LENGTH ||
        url.username !== '' ||
        url.password !== ''
      )
        return { error: LINK_MESSAGES.linkFormat };
      return { href: url.href };
    }
    case 'email':
      if (value === '') return { error: LINK_MESSAGES.validEmail };
      if (value.length < 3 || value.length > 256 || !EMAIL.test(value)) return { error: LINK_MESSAGES.emailFormat };
      return { href: `mailto:${value}` };
    case 'phone':
      return PHONE.test(value) ? { href: `tel:${value.replace(/[ ().-]/g, '')}` } : { error: LINK_MESSAGES.phone };
    case 'file': {
      // The file manager's addresses keep the characters encodeURIComponent leaves; a site path may not.
      const href = value.replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
      return FILE_ADDRESS.test(href) ? { href } : { error: LINK_MESSAGES.file };
    }
    default:
      return { error: LINK_MESSAGES.option(target.type) };
  }
}

/** The target an address came from (what the link editor shows for an existing link). */
export function targetOfHref(href: string): LinkTarget {
  if (href.startsWith('mailto:')) return { type: 'email', value: href.slice('mailto:'.length) };
  if (href.startsWith('tel:')) return { type: 'phone', value: href.slice('tel:'.length) };
  if (href.startsWith(FILE_PREFIX)) return { type: 'file', value: href };
  if (/^https?:\/\//i.test(href)) return { type: 'web', value: href };
  return { type: 'page', value: href };
}

/** The file's name in a `/files/{id}/{rev}/{name}` address, for showing a File link. */
export function fileNameOf(href: string): string {
  const name = href.slice(href.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
