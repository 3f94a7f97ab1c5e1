/**
 * The development mailbox: every email the store sent with `EMAIL_PROVIDER=local`, newest first,
 * at /dev/mailbox (optionally `?to=` one recipient), and each message at /dev/mailbox/{id} with its
 * links clickable, so a person or a browser test can follow a verification, reset or download link
 * or read a gift card's code. The messages are read from the local mailbox of each object that sends
 * email (src/durable/email-outbox.ts). Outside development (ENVIRONMENT != "development") every path
 * here is a 404. Its own words are English: it is the developer's stand-in for a mail client, not a store page; the
 * messages are as sent, in the shopper's language (the store's emails are written in it). A message's page is in its
 * email's language (`<html lang>`, the mailbox's own words marked English); in the list each subject is marked with it.
 */
import { Hono, type Context } from 'hono';
import type { LocalMail } from '../../durable/email-outbox';
import { commerceOrders, formSubmissions, merchantAccounts, restockSignups, siteUsers } from '../../durable/stubs';
import { NOT_FOUND } from '../../http/messages';
import type { Markup } from '../../html/markup';
import { htmlDocument, markup, messagePage } from './html-document';
import { isDevelopment, type AppEnv, withSite } from '../shared/http';

export const DEV_MAILBOX_PATH = '/dev/mailbox';
export const MAILBOX_TITLE = 'Development mailbox';

/** The objects that send email, by the name a message's id starts with. */
const SOURCES = {
  accounts: (env: Env, websiteId: string) => siteUsers(env, websiteId).localMail(),
  orders: (env: Env, websiteId: string) => commerceOrders(env, websiteId).localMail(),
  restock: (env: Env, websiteId: string) => restockSignups(env, websiteId).localMail(),
  forms: (env: Env, websiteId: string) => formSubmissions(env, websiteId).localMail(),
  team: (env: Env, websiteId: string) => merchantAccounts(env, websiteId).localMail(),
} as const;
type Source = keyof typeof SOURCES;

interface MailboxEntry extends LocalMail {
  key: string;
}

async function allMail(c: Context<AppEnv>): Promise<MailboxEntry[]> {
  const websiteId = c.var.site.website.id;
  const lists = await Promise.all(
    Object.entries(SOURCES).map(async ([source, read]) =>
      (await read(c.env, websiteId)).map((mail): MailboxEntry => ({ ...mail, key: `${source}-${mail.id}` })),
    ),
  );
  return lists.flat().sort((a, b) => b.sentAt - a.sentAt || b.id - a.id);
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1c1b1a;background:#faf9f7}main{max-width:56rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.5rem;margin:0 0 .25rem}p.note{color:#5d5a55;margin:0 0 1.25rem}ol{list-style:none;padding:0;margin:0;border-top:1px solid #dedad3}
li a{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:.15rem 1rem;padding:.8rem .25rem;border-bottom:1px solid #dedad3;color:inherit;text-decoration:none}
li a:hover,li a:focus-visible{background:#f0ede8}.subject{font-weight:600}.to,.when{color:#5d5a55;font-size:.9rem}.when{text-align:right}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit;background:#fff;border:1px solid #dedad3;border-radius:8px;padding:1rem}pre a{color:#1d4ed8}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:1rem 0}dt{color:#5d5a55}dd{margin:0;overflow-wrap:anywhere}a.back{display:inline-block;margin-bottom:1rem}`;

const time = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';

/** The message's text with its web addresses as links (everything else escaped). */
function linked(text: string): Markup[] {
  const parts: Markup[] = [];
  let at = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    parts.push(markup`${text.slice(at, match.index)}`, markup`<a href="${match[0]}">${match[0]}</a>`);
    at = match.index + match[0].length;
  }
  parts.push(markup`${text.slice(at)}`);
  return parts;
}

export const devMailbox = new Hono<AppEnv>();

devMailbox.use(`${DEV_MAILBOX_PATH}/*`, async (c, next) =>
  isDevelopment(c.env) ? next() : messagePage(c, 404, NOT_FOUND),
);
devMailbox.use(DEV_MAILBOX_PATH, async (c, next) => (isDevelopment(c.env) ? next() : messagePage(c, 404, NOT_FOUND)));

devMailbox.get(DEV_MAILBOX_PATH, withSite, async (c) => {
  const to = c.req.query('to')?.trim().toLowerCase() ?? '';
  const mail = (await allMail(c)).filter((m) => to === '' || m.to.toLowerCase() === to);
  c.header('cache-control', 'no-store');
  const items = mail.map(
    (m) =>
      markup`<li><a href="${DEV_MAILBOX_PATH}/${m.key}"><span class="subject"${m.lang === undefined ? '' : markup` lang="${m.lang}"`}>${m.subject}</span><span class="when">${time(m.sentAt)}</span><span class="to">To ${m.to}</span></a></li>`,
  );
  const body = markup`<main><h1>${MAILBOX_TITLE}</h1>
<p class="note">Emails this store sent in development, newest first${to === '' ? '' : markup` to <strong>${to}</strong> (<a href="${DEV_MAILBOX_PATH}">show all</a>)`}. Nothing here left the machine.</p>
${mail.length === 0 ? markup`<p>No emails yet.</p>` : markup`<ol aria-label="Emails">${items}</ol>`}</main>`;
  return htmlDocument(c, { title: MAILBOX_TITLE, style: STYLE, body });
});

devMailbox.get(`${DEV_MAILBOX_PATH}/:key`, withSite, async (c) => {
  const [source = '', id = ''] = c.req.param('key').split('-');
  if (!Object.hasOwn(SOURCES, source) || !/^\d{1,15}$/.test(id)) return messagePage(c, 404, NOT_FOUND);
  const mail = (await SOURCES[source as Source](c.env, c.var.site.website.id)).find((m) => m.id === Number(id));
  if (mail === undefined) return messagePage(c, 404, NOT_FOUND);
  c.header('cache-control', 'no-store');
  const lang = mail.lang ?? 'en';
  const english = lang.split('-')[0] === 'en' ? '' : markup` lang="en"`;
  const body = markup`<main><a class="back" href="${DEV_MAILBOX_PATH}"${english}><span aria-hidden="true">←</span> All emails</a><h1>${mail.subject}</h1>
<dl${english}><dt>To</dt><dd>${mail.to}</dd>${mail.cc === undefined ? '' : markup`<dt>CC</dt><dd>${mail.cc.join(', ')}</dd>`}<dt>Sent</dt><dd>${time(mail.sentAt)}</dd></dl><pre>${linked(mail.text)}</pre></main>`;
  return htmlDocument(c, { title: mail.subject, lang, style: STYLE, body });
});
