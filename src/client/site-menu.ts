/**
 * Navigation folders (`[data-nav-folder]`, themes/default/partials/site-nav-items.html): each is a
 * disclosure button for the links under it. Opening one closes the others that do not hold it;
 * Escape closes the innermost open folder and returns focus to its button; a click or focus
 * outside the navigation closes them all.
 */
export function wireNavFolders(root: ParentNode = document): void {
  const nav = root.querySelector<HTMLElement>('.site-nav');
  if (!nav) return;
  const folders = [...nav.querySelectorAll<HTMLButtonElement>('[data-nav-folder]')];
  if (folders.length === 0) return;
  const isOpen = (button: HTMLButtonElement) => button.getAttribute('aria-expanded') === 'true';
  const setOpen = (button: HTMLButtonElement, open: boolean) => button.setAttribute('aria-expanded', String(open));
  const closeAll = () => {
    for (const button of folders) setOpen(button, false);
  };
  for (const button of folders) {
    button.addEventListener('click', () => {
      const open = !isOpen(button);
      for (const other of folders)
        if (other !== button && !other.parentElement?.contains(button)) setOpen(other, false);
      setOpen(button, open);
    });
  }
  nav.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    let item = (event.target as Element | null)?.closest('.site-nav-item--folder') ?? null;
    while (item !== null) {
      const button = item.querySelector<HTMLButtonElement>(':scope > [data-nav-folder]');
      if (button !== null && isOpen(button)) {
        event.stopPropagation();
        for (const inner of item.querySelectorAll<HTMLButtonElement>('[data-nav-folder]')) setOpen(inner, false);
        button.focus();
        return;
      }
      item = item.parentElement?.closest('.site-nav-item--folder') ?? null;
    }
  });
  document.addEventListener('click', (event) => {
    if (!nav.contains(event.target as Node)) closeAll();
  });
  nav.addEventListener('focusout', (event) => {
    if (event.relatedTarget instanceof Node && !nav.contains(event.relatedTarget)) closeAll();
  });
}

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
