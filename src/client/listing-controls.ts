/**
 * A product list's filter and sort form (`form[data-apply-on-change]`, themes/default/pages/products.html)
 * applies as soon as a control changes, as Dawn's does: without JavaScript it keeps its Apply button
 * (in <noscript>). The address leaves out empty fields, the list dims while the next page loads, and
 * the control that changed has the focus again on that page, so a keyboard user stays where they were.
 */
const FOCUS_KEY = 'listing-focus';

export function wireListingControls(root: Document = document): void {
  const form = root.querySelector<HTMLFormElement>('form[data-apply-on-change]');
  if (form === null) return;
  const refocus = sessionStorage.getItem(FOCUS_KEY);
  if (refocus !== null) {
    sessionStorage.removeItem(FOCUS_KEY);
    root.getElementById(refocus)?.focus();
  }
  form.addEventListener('change', (event) => {
    const id = (event.target as HTMLElement | null)?.id;
    if (id) sessionStorage.setItem(FOCUS_KEY, id);
    form.requestSubmit();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value.trim() !== '') query.append(name, value.trim());
    const search = query.toString();
    form.closest('.ListingControls')?.setAttribute('aria-busy', 'true');
    location.assign(`${form.action.split('?')[0]}${search === '' ? '' : `?${search}`}`);
  });
}
