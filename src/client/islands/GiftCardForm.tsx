/**
 * A gift card's product page form (issue 32, Dawn's "send as a gift"): the amount is the variant
 * select above it; the shopper says whether the card is for someone else (their email, their
 * name, a message of at most 200 characters and a send date, today in the shopper's own time zone
 * unless they choose a later day) or for themselves, and Add To Cart adds it to the cart with those
 * details (no jump to checkout). The rules are the API's (`giftDetailsProblems`, with the shopper's
 * own today): a problem shows under its field, in the shopper's language, before anything is sent.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { CART_ALERTS, CART_MESSAGES } from '../../commerce/cart';
import {
  GIFT_CARD_MESSAGES,
  GIFT_MESSAGE_MAX,
  GIFT_NAME_MAX,
  GIFT_SEND_MAX_DAYS,
  dayAfter,
  dayIn,
  giftDetailsProblems,
  type GiftCardDetails,
} from '../../commerce/gift-cards';
import { addToCart } from '../cart-api';
import { fill, merchantOr, type PageTextKey } from '../../commerce/storefront-text';
import { useShopperText } from '../use-shopper-text';
import { announceCart } from '../cart-events';
import { recordAddToCart } from '../collectors/cart-events';
import { AlertDialog } from '../components/Dialog';
import { asElement } from '../dom';
import { fieldValue } from '../field-value';
import { selectionOf, subscribeSelection, type Selection } from '../selection';

export interface GiftCardFormProps {
  itemId: string;
  label: string;
  /** The sku when the card has one amount; null when an amount must be chosen. */
  sku: string | null;
}

type Field = Exclude<keyof GiftCardDetails, 'timeZone'>;
type Status = 'idle' | 'adding' | 'added';

const ADDED_FOR_MS = 3000;

/** The shopper's IANA time zone, sent with the card: it is sent at 00:00 of its day there. */
function shopperZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A date input's YYYY-MM-DD: the shopper's calendar day in their own time zone, `days` after today. */
function shopperDay(days: number): string {
  return dayAfter(dayIn(Date.now(), shopperZone()), days);
}

/** The rule's (English) message → the catalogue's text for it in the shopper's language. */
const PROBLEM_TEXT: Record<string, PageTextKey> = {
  [GIFT_CARD_MESSAGES.recipientEmail]: 'gift.problemRecipientEmail',
  [GIFT_CARD_MESSAGES.recipientName]: 'gift.problemRecipientName',
  [GIFT_CARD_MESSAGES.messageTooLong]: 'gift.problemMessage',
  [GIFT_CARD_MESSAGES.sendOnPast]: 'gift.problemSendOnPast',
  [GIFT_CARD_MESSAGES.sendOnTooLate]: 'gift.problemSendOnTooLate',
  [GIFT_CARD_MESSAGES.sendOnInvalid]: 'gift.problemSendOnInvalid',
};

export default function GiftCardForm({ itemId, label, sku }: GiftCardFormProps) {
  const id = useId();
  const text = useShopperText();
  const [selection, setSelection] = useState<Selection>(() =>
    selectionOf(itemId, { sku, variant: sku, quantity: 1, quantityProblem: null, missing: [], soldOut: false }),
  );
  const [forSomeoneElse, setForSomeoneElse] = useState(true);
  const [details, setDetails] = useState<GiftCardDetails>({
    recipientEmail: '',
    recipientName: '',
    message: '',
    sendOn: null,
    timeZone: null,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<Status>('idle');
  /** The last add went through: said (with the cart's link) until the next add, after the button reads its label again. */
  const [inCart, setInCart] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  /** The shopper's today, known only in the browser (the server renders without it: no mismatch on hydration). */
  const [today, setToday] = useState<string | null>(null);
  useEffect(() => subscribeSelection(itemId, setSelection), [itemId]);
  useEffect(() => {
    const day = shopperDay(0);
    setToday(day);
    setDetails((current) => ({ ...current, sendOn: current.sendOn ?? day, timeZone: shopperZone() }));
  }, []);
  useEffect(() => {
    if (status !== 'added') return;
    const timer = setTimeout(() => setStatus('idle'), ADDED_FOR_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const set = (field: Field) => (value: string) => {
    setDetails((current) => ({ ...current, [field]: field === 'sendOn' ? (value === '' ? null : value) : value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'adding') return;
    if (selection.sku === null) {
      setAlert(CART_MESSAGES.giftCardDenomination);
      return;
    }
    const given = {
      ...details,
      recipientEmail: details.recipientEmail.trim(),
      recipientName: details.recipientName.trim(),
      message: details.message.trim(),
    };
    const problems = forSomeoneElse ? giftDetailsProblems(given, Date.now()) : {};
    setErrors(
      Object.fromEntries(
        Object.entries(problems).map(([name, message]) => {
          const key = PROBLEM_TEXT[message];
          return [
            name,
            key === undefined ? message : fill(text[key], { max: GIFT_MESSAGE_MAX, days: GIFT_SEND_MAX_DAYS }),
          ];
        }),
      ),
    );
    const first = (Object.keys(problems) as Field[])[0];
    if (first !== undefined) {
      asElement(event.currentTarget)?.querySelector(`[id="${id}-${first}"]`)?.focus();
      return;
    }
    setStatus('adding');
    setInCart(false);
    try {
      const request = {
        itemId,
        sku: selection.sku,
        quantity: 1,
        additionalFields: forSomeoneElse ? JSON.stringify(given) : null,
      };
      const { shoppingCart, newlyAdded } = await addToCart(request, CART_ALERTS.addItem);
      recordAddToCart(shoppingCart, newlyAdded, 'pdp', 1);
      announceCart(shoppingCart, true);
      setStatus('added');
      setInCart(true);
      if (forSomeoneElse)
        setDetails({
          recipientEmail: '',
          recipientName: '',
          message: '',
          sendOn: shopperDay(0),
          timeZone: shopperZone(),
        });
    } catch (error) {
      setStatus('idle');
      setAlert(error instanceof Error ? error.message : CART_ALERTS.addItem);
    }
  };

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] !== undefined,
    'aria-describedby':
      [
        errors[name] === undefined ? '' : `${id}-${name}-error`,
        name === 'sendOn' || name === 'message' ? `${id}-${name}-hint` : '',
      ]
        .filter((s) => s !== '')
        .join(' ') || undefined,
  });
  const error = (name: Field) =>
    errors[name] === undefined ? null : (
      <p id={`${id}-${name}-error`} className="CheckoutField-error">
        {errors[name]}
      </p>
    );

  return (
    <form className="GiftCardForm" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="GiftCardForm-who">
        <legend>{text['gift.who']}</legend>
        <label className="GiftCardForm-choice">
          <input type="radio" name={`${id}-for`} checked={forSomeoneElse} onChange={() => setForSomeoneElse(true)} />{' '}
          {text['gift.someoneElse']}
        </label>
        <label className="GiftCardForm-choice">
          <input type="radio" name={`${id}-for`} checked={!forSomeoneElse} onChange={() => setForSomeoneElse(false)} />{' '}
          {text['gift.me']}
        </label>
      </fieldset>
      {forSomeoneElse && (
        <div className="GiftCardForm-recipient">
          <div className="CheckoutField">
            <label htmlFor={`${id}-recipientEmail`}>{text['gift.recipientEmail']}</label>
            <input
              {...field('recipientEmail')}
              type="email"
              autoComplete="off"
              spellCheck={false}
              required
              value={details.recipientEmail}
              onChange={(e) => set('recipientEmail')(fieldValue(e))}
            />
            {error('recipientEmail')}
          </div>
          <div className="CheckoutField">
            <label htmlFor={`${id}-recipientName`}>{text['gift.recipientName']}</label>
            <input
              {...field('recipientName')}
              type="text"
              autoComplete="off"
              required
              maxLength={GIFT_NAME_MAX}
              value={details.recipientName}
              onChange={(e) => set('recipientName')(fieldValue(e))}
            />
            {error('recipientName')}
          </div>
          <div className="CheckoutField">
            <label htmlFor={`${id}-message`}>
              {text['gift.message']}
              <span className="CheckoutField-optional"> {text['checkout.optional']}</span>
            </label>
            <textarea
              {...field('message')}
              rows={3}
              maxLength={GIFT_MESSAGE_MAX}
              value={details.message}
              onChange={(e) => set('message')(fieldValue(e))}
            />
            <p id={`${id}-message-hint`} className="CheckoutField-hint">
              {fill(text['gift.characters'], { count: details.message.length, max: GIFT_MESSAGE_MAX })}
            </p>
            {error('message')}
          </div>
          <div className="CheckoutField">
            <label htmlFor={`${id}-sendOn`}>
              {text['gift.sendOn']}
              <span className="CheckoutField-optional"> {text['checkout.optional']}</span>
            </label>
            <input
              {...field('sendOn')}
              type="date"
              min={today ?? undefined}
              max={today === null ? undefined : shopperDay(GIFT_SEND_MAX_DAYS)}
              value={details.sendOn ?? ''}
              onChange={(e) => set('sendOn')(fieldValue(e))}
            />
            <p id={`${id}-sendOn-hint`} className="CheckoutField-hint">
              {text['gift.sendOnHint']}
            </p>
            {error('sendOn')}
          </div>
        </div>
      )}
      <div className="sqs-add-to-cart-button-wrapper" data-place="pdp">
        <button
          type="submit"
          className={`sqs-add-to-cart-button sqs-button-element--primary${status === 'adding' ? ' cart-adding' : ''}`}
          aria-busy={status === 'adding'}
          data-item-id={itemId}
        >
          <span className="sqs-add-to-cart-button-inner">
            {status === 'adding'
              ? text['product.adding']
              : status === 'added'
                ? text['product.added']
                : merchantOr(label, 'product.addToCart', text)}
          </span>
        </button>
      </div>
      <p className="GiftCardForm-status" role="status" aria-live="polite">
        {inCart && (
          <>
            {text['cart.popover']} <a href="/cart">{text['cart.view']}</a>
          </>
        )}
      </p>
      {alert !== null && (
        <AlertDialog title={CART_ALERTS.giftCardTitle} message={alert} onClose={() => setAlert(null)} />
      )}
    </form>
  );
}
