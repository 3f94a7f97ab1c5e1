/**
 * The checkout's codes: a discount code and a gift card, each applied and removed on its own
 * (Enter in the field applies it, never places the order), with the server's message beside it.
 */
import { useState, type KeyboardEvent } from 'react';
import { GIFT_CARD_MESSAGES } from '../../commerce/gift-cards';
import { ProductType } from '../../commerce/product';
import { fill, type StorefrontText } from '../../commerce/storefront-text';
import type { Checkout, CheckoutChanges } from '../checkout-api';
import { usePurchaseText } from '../use-purchase-text';
import { fieldId, TextField, type CheckoutFieldName } from './CheckoutFields';

export interface CheckoutCodesProps {
  checkout: Checkout | null;
  errors: Readonly<Partial<Record<CheckoutFieldName, string>>>;
  money: (cents: number) => string;
  send: (changes: CheckoutChanges) => Promise<boolean>;
  clearError: (field: CheckoutFieldName) => void;
}

interface CodeProps extends CheckoutCodesProps {
  field: 'discountCode' | 'giftCardCode';
  label: string;
  /** The code in use, or null. */
  applied: string | null;
  appliedText: string | null;
  /** Said under the field whatever its state. */
  note?: string | null;
}

function CodeField({ field, label, applied, appliedText, note = null, checkout, errors, send, clearError }: CodeProps) {
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const text = usePurchaseText();
  const change = async (code: string | null) => {
    setBusy(true);
    const done = await send({ [field]: code });
    setBusy(false);
    if (done && code !== null) setDraft('');
  };
  const apply = () => {
    if (draft.trim() !== '') void change(draft.trim());
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  };
  return (
    <div className="CheckoutCode">
      {applied === null ? (
        <div className="CheckoutCode-entry" onKeyDown={onKeyDown}>
          <TextField
            name={field}
            label={label}
            autoComplete="off"
            maxLength={64}
            value={draft}
            error={errors[field]}
            onChange={(value) => {
              setDraft(value);
              clearError(field);
            }}
          />
          <button
            type="button"
            className="CheckoutCode-apply"
            disabled={checkout === null || busy}
            aria-describedby={fieldId(field)}
            onClick={apply}
          >
            {busy ? text['codes.applying'] : text['codes.apply']}
          </button>
        </div>
      ) : (
        <div className="CheckoutCode-applied">
          <p>
            <span className="CheckoutCode-name">{applied}</span>{' '}
            {errors[field] === undefined ? appliedText : <span className="CheckoutField-error">{errors[field]}</span>}
          </p>
          <button type="button" className="CheckoutCode-remove" disabled={busy} onClick={() => void change(null)}>
            {text['codes.remove']}
            <span className="visually-hidden"> {applied}</span>
          </button>
        </div>
      )}
      {note === null || errors[field] === GIFT_CARD_MESSAGES.notForGiftCards ? null : (
        <p className="CheckoutCode-note">{note}</p>
      )}
    </div>
  );
}

/** 'pays $39.00; $11.00 left on the card after this order' (issue 32: the balance the card keeps, not only what it had). */
export function giftCardAppliedText(
  card: { balanceCents: number; appliedCents: number },
  money: (cents: number) => string,
  text: StorefrontText,
): string {
  return fill(text['codes.giftCardApplied'], {
    paid: money(card.appliedCents),
    left: money(card.balanceCents - card.appliedCents),
  });
}

export function CheckoutCodes(props: CheckoutCodesProps) {
  const { checkout, money } = props;
  // A code the server keeps but cannot use now (the subtotal fell below its minimum, it expired) says why.
  const discountProblem = checkout?.invalidCoupons[0]?.reason;
  const text = usePurchaseText();
  return (
    <fieldset className="Checkout-section Checkout-codes">
      <legend>{text['codes.title']}</legend>
      <div aria-live="polite">
        <CodeField
          {...props}
          errors={{
            ...props.errors,
            ...(discountProblem === undefined || props.errors.discountCode !== undefined
              ? {}
              : { discountCode: discountProblem }),
          }}
          field="discountCode"
          label={text['codes.discount']}
          applied={checkout?.discountCode ?? null}
          appliedText={
            checkout === null || checkout.discountCents === 0
              ? text['codes.applied']
              : fill(text['codes.appliedAmount'], { amount: money(checkout.discountCents) })
          }
        />
        <CodeField
          {...props}
          field="giftCardCode"
          label={text['totals.giftCard']}
          applied={checkout?.giftCard?.code ?? null}
          appliedText={checkout?.giftCard == null ? null : giftCardAppliedText(checkout.giftCard, money, text)}
          note={
            checkout?.entries.some((e) => e.productType === ProductType.GiftCard) === true
              ? GIFT_CARD_MESSAGES.notForGiftCards
              : null
          }
        />
      </div>
    </fieldset>
  );
}
