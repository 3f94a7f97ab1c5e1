/**
 * The instalment pill: the payments text, and a 'Learn more' button whose modal dialog (backdrop,
 * scroll lock, focus trap, Escape and outside click close, focus back on the button) loads the
 * provider's information page for the shopper's locale. A failed load only logs a warning.
 */
import { useState } from 'react';
import Dialog from '../components/Dialog';

export interface InstalmentPillProps {
  text: string;
  provider: string;
  infoUrl: string;
}

export default function InstalmentPill({ text, provider, infoUrl }: InstalmentPillProps) {
  const [open, setOpen] = useState(false);
  const [info, setInfo] = useState<string | null>(null);
  const show = async () => {
    setOpen(true);
    if (info !== null) return;
    try {
      const res = await fetch(infoUrl);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      setInfo(await res.text());
    } catch (error) {
      console.warn(`Instalment information did not load: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return (
    <div className="InstalmentPill" data-provider={provider}>
      <span>{text}</span>
      <button type="button" className="InstalmentPill-more" aria-haspopup="dialog" onClick={() => void show()}>
        Learn more
      </button>
      {open && (
        <Dialog title={`${provider} instalments`} className="InstalmentPill-dialog" onClose={() => setOpen(false)}>
          {info === null ? (
            <p>{`Pay in 4 interest-free payments with ${provider}.`}</p>
          ) : (
            <div dangerouslySetInnerHTML={{ __html: info }} />
          )}
          <div className="Dialog-actions">
            <button type="button" onClick={() => setOpen(false)}>
              Close
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
