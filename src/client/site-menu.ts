/**
 * The header's menu button on narrow screens: toggles the main navigation (aria-expanded on the
 * button, `data-menu` on the header for the stylesheet); Escape closes it and returns focus to the
 * button. Plain DOM, so pages without other islands still load no React.
 */
export function wireSiteMenu(root: ParentNode = document): void {
  const button = root.querySelector<HTMLButtonElement>('[data-site-menu]');
  const header = button?.closest<HTMLElement>('.site-header');
  if (!button || !header) return;
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    header.dataset.menu = open ? 'open' : 'closed';
  };
  button.addEventListener('click', () => setOpen(button.getAttribute('aria-expanded') !== 'true'));
  header.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || button.getAttribute('aria-expanded') !== 'true') return;
    setOpen(false);
    button.focus();
  });
}
