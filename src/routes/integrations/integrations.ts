/**
 * Local stand-ins for third-party pages, so nothing calls the internet in dev or tests.
 */
import { Hono } from 'hono';
import { faultPoint } from '../../faults';
import { NOT_FOUND } from '../../http/messages';
import { instalmentInfoText } from '../../integrations/instalment-info';
import { isProviderLocale } from '../../integrations/instalments';
import { markup } from '../pages/html-document';

export const integrations = new Hono();

/** The instalment information fragment the pill's dialog loads; only the provider's own locales exist. */
integrations.get('/integrations/instalments/:provider/:locale', async (c) => {
  await faultPoint('instalments', 'information page');
  const provider = c.req.param('provider');
  const locale = c.req.param('locale');
  const text = isProviderLocale(provider, locale) ? instalmentInfoText(provider, locale) : undefined;
  if (text === undefined) return c.text(NOT_FOUND, 404);
  return c.html(
    markup`<section class="InstalmentInfo" lang="${locale.replace('_', '-')}"><p class="InstalmentInfo-heading"><strong>${text.heading}</strong></p><ol>` +
      text.steps.map((step) => markup`<li>${step}</li>`).join('') +
      markup`</ol><p class="InstalmentInfo-terms">${text.terms}</p></section>`,
  );
});
