import { useEffect, useRef } from 'react';

/** A native <dialog> shown as a modal while the component is mounted (focus kept inside, back to the opener on close). */
export function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return dialog;
}
