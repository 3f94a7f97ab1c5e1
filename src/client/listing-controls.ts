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
  let leaving = false;
  // Back to this page from the browser's cache: the form answers again and the list is not dimmed.
  addEventListener('pageshow', () => {
    leaving = false;
    form.closest('.ListingControls')?.removeAttribute('aria-busy');
  });
  const apply = (control: EventTarget | null) => {
    const id = (control as HTMLElement | null)?.id;
    if (id) sessionStorage.setItem(FOCUS_KEY, id);
    form.requestSubmit();
  };
  form.addEventListener('change', (event) => apply(event.target));
  // Enter in a price field applies it too: a form with two fields and no submit button has no implicit submission.
  form.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    apply(event.target);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (leaving) return;
    leaving = true;
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(form))
      if (typeof value === 'string' && value.trim() !== '') query.append(name, value.trim());
    const search = query.toString();
    form.closest('.ListingControls')?.setAttribute('aria-busy', 'true');
    location.assign(`${form.action.split('?')[0]}${search === '' ? '' : `?${search}`}`);
  });
}
