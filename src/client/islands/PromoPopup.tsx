/**
 * The promo popup: a newsletter sign-up in a dialog on the home page, after a short delay. Closing it
 * keeps it away for 7 days ('date-closed' in local storage); signing up keeps it away for good
 * ('submitted'); both save the popup's 'version', and a popup the merchant has changed since (another
 * version) shows again. Its captcha action is `promo_popup`. While the phone menu is open it waits for the menu
 * to close, so it never covers the menu nor takes its focus.
 */
import { useEffect, useState } from 'react';
import { CAPTCHA_ACTIONS } from '../../forms/captcha';
import type { PopupOverlayKey } from '../../values/enumerations';
import { announceCensus } from '../census-events';
import Dialog from '../components/Dialog';
import { whenMenuClosed } from '../menu-closed';
import { useShopperText } from '../use-shopper-text';
import SiteForm, { type SiteFormProps } from './SiteForm';

export interface PromoPopupProps {
  title: string;
  body: string;
  delayMs: number;
  /** The popup's content fingerprint (src/storefront/islands.tsx): changes when the merchant changes the offer. */
  version: string;
  form: SiteFormProps;
}

/** The popup overlay's local-storage keys (engine spec §3), under the popup's name. */
const popupKey = <K extends PopupOverlayKey>(key: K) => `promo-popup:${key}` as const;
export const POPUP_KEYS = {
  dateClosed: popupKey('date-closed'),
  version: popupKey('version'),
  submitted: popupKey('submitted'),
} as const;
/** The overlay's name in the census overlay calls. */
const PROMO_OVERLAY_ID = 'promo-popup';
export const SHOW_AGAIN_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function storage(): StorageLike | null {
  try {
    return (globalThis as unknown as { localStorage?: StorageLike }).localStorage ?? null;
  } catch {
    return null;
  }
}

function dismissed(now: number, version: string): boolean {
  const store = storage();
  if (store === null) return false;
  // Closed or answered before versions were saved: taken to be this version.
  const seen = store.getItem(POPUP_KEYS.version);
  if (seen !== null && seen !== version) return false;
  if (store.getItem(POPUP_KEYS.submitted) !== null) return true;
  const closed = Number(store.getItem(POPUP_KEYS.dateClosed));
  return Number.isFinite(closed) && closed > 0 && now - closed < SHOW_AGAIN_AFTER_MS;
}

/** Saves what the visitor did (`key` now) to this version of the popup; another version's answer no longer counts. */
function remember(key: typeof POPUP_KEYS.dateClosed | typeof POPUP_KEYS.submitted, version: string): void {
  const store = storage();
  if (store === null) return;
  if (store.getItem(POPUP_KEYS.version) !== version) {
    store.removeItem(POPUP_KEYS.dateClosed);
    store.removeItem(POPUP_KEYS.submitted);
  }
  store.setItem(POPUP_KEYS.version, version);
  store.setItem(key, String(Date.now()));
}

export default function PromoPopup({ title, body, delayMs, version, form }: PromoPopupProps) {
  const [open, setOpen] = useState(false);
  const text = useShopperText();
  useEffect(() => {
    if (dismissed(Date.now(), version)) return;
    let stopWaiting = () => {};
    const timer = setTimeout(() => {
      stopWaiting = whenMenuClosed(() => {
        setOpen(true);
        announceCensus({ kind: 'overlay', overlayId: PROMO_OVERLAY_ID, action: 'open' });
      });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      stopWaiting();
    };
  }, []);
  if (!open) return null;
  const close = () => {
    remember(POPUP_KEYS.dateClosed, version);
    setOpen(false);
    announceCensus({ kind: 'overlay', overlayId: PROMO_OVERLAY_ID, action: 'close' });
  };
  return (
    <Dialog title={title} className="PromoPopup" onClose={close}>
      <p className="PromoPopup-body">{body}</p>
      <SiteForm
        {...form}
        captchaAction={CAPTCHA_ACTIONS.promoPopup}
        onSubmitted={() => {
          remember(POPUP_KEYS.submitted, version);
          announceCensus({ kind: 'overlay', overlayId: PROMO_OVERLAY_ID, action: 'submit' });
        }}
      />
      <div className="Dialog-actions">
        <button type="button" className="Dialog-secondary" onClick={close}>
          {text['popup.noThanks']}
        </button>
      </div>
    </Dialog>
  );
}
