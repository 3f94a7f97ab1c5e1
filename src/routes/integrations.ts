/**
 * Local stand-ins for third-party pages, so nothing calls the internet in dev or tests.
 */
import { Hono } from 'hono';
import { escapeHtml } from '../engine/index';

export const integrations = new Hono();

integrations.get('/integrations/instalments/:provider/:locale', (c) => {
  const provider = c.req.param('provider') === 'clearpay' ? 'Clearpay' : 'Afterpay';
  const locale = escapeHtml(c.req.param('locale'));
  return c.html(
    `<section class="InstalmentInfo" lang="${locale.replace('_', '-')}"><h2>${provider}</h2>` +
      '<p>Pay in 4 interest-free payments, every two weeks. No fees when you pay on time.</p>' +
      `<p class="InstalmentInfo-locale">Information for ${locale}.</p></section>`,
  );
});
