/**
 * Local stand-ins for third-party pages, so nothing calls the internet in dev or tests.
 */
import { Hono } from 'hono';
import { NOT_FOUND } from '../http/messages';
import { isProviderLocale } from '../integrations/instalments';
import { markup } from './html-document';

export const integrations = new Hono();

/** The instalment information fragment the pill's dialog loads; only the provider's own locales exist. */
integrations.get('/integrations/instalments/:provider/:locale', (c) => {
  const provider = c.req.param('provider');
  const locale = c.req.param('locale');
  if (!isProviderLocale(provider, locale)) return c.text(NOT_FOUND, 404);
  return c.html(
    markup`<section class="InstalmentInfo" lang="${locale.replace('_', '-')}"><h2>${provider === 'clearpay' ? 'Clearpay' : 'Afterpay'}</h2>` +
      '<p>Pay in 4 interest-free payments, every two weeks. No fees when you pay on time.</p>' +
      markup`<p class="InstalmentInfo-locale">Information for ${locale}.</p></section>`,
  );
});
