/**
 * The checkout page (page type 201): contact email, shipping address and option, discount code,
 * gift card, the order summary, payment and the place-order button, as one form. The checkout is
 * started on load; it holds no stock (units are reserved when the order is placed, for the payment
 * window), so a line that ran out meanwhile is named when the order is placed, with the way back to
 * the cart. Every change the server prices (address, shipping option, codes) is sent as it is made,
 * so the totals are the server's, and a price that moved since the item was added is said above the
 * lines; an order is never placed at totals the page did not show. Placing the order sends the
 * card's token with one idempotency key per attempt, so a retried request can never charge twice.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { priceChangedMessage, type CartEntry } from '../../commerce/cart';
import { countryName } from '../../commerce/address';
import { formatMoney } from '../../commerce/money';
import type { PaymentMode, PaymentSetup } from '../../commerce/payment-mode';
import { notShippedReason, SHIPPING_MESSAGES } from '../../commerce/shipping';
import {
  CheckoutError,
  loadOrder,
  placeOrder,
  startCheckout,
  updateCheckout,
  type Checkout,
  type CheckoutAddress,
  type CheckoutChanges,
  type Order,
  type StockShortage,
} from '../checkout-api';
import { cardPaymentToken, completeCardAction, STRIPE_MESSAGES } from '../checkout-stripe';
import { CHECKOUT_MESSAGES, minimumSubtotalMessage, totalsMoved } from '../../commerce/checkout-totals';
import {
  addressFieldProblems,
  CHECKOUT_FORM_MESSAGES,
  formProblems,
  localCardToken,
  type FieldProblems,
} from '../checkout-form';
import { navigateTo, pageDocument, pageQuery } from '../dom';
import { typedBeforeHydration } from '../typed-before-hydration';
import { AddressFields, EMPTY_ADDRESS, fieldId, TextField, type CheckoutFieldName } from './CheckoutFields';
import { cartLine, CheckoutLines, CheckoutTotals, type AnswerForms } from './CheckoutOrderSummary';
import SubscriptionTerms from '../components/SubscriptionTerms';
import { CheckoutCodes } from './CheckoutCodes';
import { receivedUrl } from './CheckoutConfirmation';
import { CheckoutStripeCard, type StripeCard } from './CheckoutStripeCard';
import { CheckoutAddressSearch } from './CheckoutAddressSearch';
import { fill } from '../../commerce/storefront-text';
import { sayIn } from '../../commerce/storefront-text/say-in';
import { usePurchaseText } from '../use-purchase-text';
import { useShopperLocale } from '../use-shopper-text';

export interface CheckoutPageProps {
  locale: string;
  currencyCode: string;
  paymentProvider: 'local' | 'stripe';
  /** The deployment's mode, drawn until the started checkout names the website's (so a test-mode banner moves nothing). */
  paymentMode: PaymentMode;
  forms: AnswerForms;
}

type Errors = Partial<Record<CheckoutFieldName, string>>;
/** A failed attempt: its message and, when stock ran out (409), the lines short of it. */
type Placing = { kind: 'idle' } | { kind: 'placing' } | { kind: 'failed'; message: string; shortLines: string[] };

/** The lines that ran out, as the shopper reads them ('Cedar Candle: sold out', 'Cedar Candle: only 2 left'). */
export function shortLines(entries: readonly CartEntry[], unavailable: readonly StockShortage[]): string[] {
  const lines = entries.flatMap((entry) => {
    const short = unavailable.find((line) => line.sku === entry.chosenVariant.sku);
    return short === undefined
      ? []
      : [`${entry.title}: ${short.available <= 0 ? 'sold out' : `only ${short.available} left`}`];
  });
  return [...new Set(lines)];
}

/** The server names fields by their path in the body (`shippingAddress.city`); the form by the last part. */
function fieldErrors(fields: Readonly<Record<string, string>>): Errors {
  const errors: Errors = {};
  for (const [path, message] of Object.entries(fields)) {
    const name = path.slice(path.lastIndexOf('.') + 1);
    errors[(name === 'payment' ? 'cardNumber' : name) as CheckoutFieldName] = message;
  }
  return errors;
}

/**
 * A 202 placement (the payment provider did not answer) is asked again with the same key after the
 * server's Retry-After (5 s), a few times; then the order's received page waits for the outcome,
 * which the server keeps asking for.
 */
const UNKNOWN_RETRY_MS = 5000;
const UNKNOWN_RETRIES = 3;

/** Sent when a gift card pays the whole order and no card is charged. */
const NOTHING_DUE_TOKEN = 'nothing_due';

function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * The order waiting for the provider's extra step (its id and buyer token), kept for this tab: the
 * provider sends the shopper back to `/checkout?payment=returned`, which reads how it ended; a
 * shopper who comes back to /checkout another way left the step unanswered.
 */
const AWAITING_ACTION = 'checkout:awaiting-action';
const tabStorage = () =>
  (
    globalThis as {
      sessionStorage?: {
        getItem(key: string): string | null;
        setItem(key: string, value: string): void;
        removeItem(key: string): void;
      };
    }
  ).sessionStorage;

/** Said at the top of the form when the authentication step failed, timed out or was left: the cart is back, nothing was charged. */
export const PAYMENT_NOT_COMPLETED =
  'Your payment was not completed, so no order was placed and nothing was charged. You can pay again below.';

/** A subscription's cart is named by its token (`?cartToken=`), which the provider's return address does not carry. */
type AwaitedOrder = { id: string; token: string; cartToken: string | null };

/** Where the buyer goes once the order exists: the provider's extra step, the received page while payment is pending, else the confirmation. */
function afterOrder(order: Order, cartToken: string | null): string {
  if (order.payment.nextActionUrl !== null) {
    const token = new URL(order.confirmationUrl, 'https://store.invalid').searchParams.get('token') ?? '';
    tabStorage()?.setItem(AWAITING_ACTION, JSON.stringify({ id: order.id, token, cartToken } satisfies AwaitedOrder));
    return order.payment.nextActionUrl;
  }
  return order.status === 'pending' ? receivedUrl(order) : order.confirmationUrl;
}

/** The order this tab sent to the provider's extra step, once (it is forgotten as it is read). */
function awaitedOrder(): AwaitedOrder | null {
  const stored = tabStorage()?.getItem(AWAITING_ACTION) ?? null;
  tabStorage()?.removeItem(AWAITING_ACTION);
  try {
    const parsed = JSON.parse(stored ?? 'null') as Partial<AwaitedOrder> | null;
    if (typeof parsed?.id !== 'string' || typeof parsed.token !== 'string') return null;
    return {
      id: parsed.id,
      token: parsed.token,
      cartToken: typeof parsed.cartToken === 'string' ? parsed.cartToken : null,
    };
  } catch {
    return null;
  }
}

/**
 * Back from the provider's extra step: the order's own page once it is paid (or still being
 * confirmed), else null: the payment was not completed and the checkout goes on with the cart.
 */
async function orderPageAfterAction(awaited: AwaitedOrder): Promise<string | null> {
  const received = `/commerce/orders/${encodeURIComponent(awaited.id)}/received?token=${encodeURIComponent(awaited.token)}`;
  try {
    const { order } = await loadOrder(awaited.id, awaited.token);
    if (order.status === 'cancelled') return null;
    return order.status === 'pending' ? received : order.confirmationUrl;
  } catch {
    // Unknown here: the received page reads the order again until it knows.
    return received;
  }
}

const ADDRESS_KEYS = Object.keys(EMPTY_ADDRESS) as (keyof CheckoutAddress)[];

/** An address the shopper has not typed into (the form's own, before an account's saved one). */
const untouched = (address: CheckoutAddress) => ADDRESS_KEYS.every((part) => address[part] === EMPTY_ADDRESS[part]);

export default function CheckoutPage({
  locale: serverLocale,
  currencyCode,
  paymentProvider,
  paymentMode,
  forms,
}: CheckoutPageProps) {
  const locale = useShopperLocale(serverLocale);
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const text = usePurchaseText();
  const [loadError, setLoadError] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [address, setAddress] = useState<CheckoutAddress>(EMPTY_ADDRESS);
  const [cardNumber, setCardNumber] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  /** Said at the top of the form: an earlier payment attempt that did not complete. */
  const [notice, setNotice] = useState<string | null>(null);
  const [placing, setPlacing] = useState<Placing>({ kind: 'idle' });
  const [focusRequest, setFocusRequest] = useState<{ field: CheckoutFieldName | 'message'; seq: number } | null>(null);
  const savedDetails = useRef('');
  const idempotencyKey = useRef<string | null>(null);
  /** The payment token sent with the current key: a retry with the key must send the same one. */
  const paymentToken = useRef<string | null>(null);
  const [setup, setSetup] = useState<PaymentSetup | null>(null);
  // The page is rendered with the deployment's provider; the website's own comes with the started checkout.
  const provider = setup?.provider ?? paymentProvider;
  const stripeCard = useRef<StripeCard | null>(null);
  const cartToken = useRef<string | null>(null);
  /** The checkout as the server last answered it (the state may not be rendered yet). */
  const latest = useRef<Checkout | null>(null);
  /** The shipping option just chosen, while the server prices it: the summary's shipping and total are not its yet. */
  const [choosing, setChoosing] = useState<string | null>(null);

  const currency = checkout?.currencyCode ?? currencyCode;
  const money = (cents: number) => formatMoney(cents, currency, locale);

  const adopt = (next: Checkout, prefill: boolean) => {
    latest.current = next;
    setCheckout(next);
    if (prefill) {
      // An email or address the shopper typed before the checkout had loaded is theirs: the server's (empty, or an
      // account's) does not replace it.
      setEmail((typed) => (typed.trim() !== '' ? typed : (next.email ?? '')));
      const saved = next.shippingAddress;
      if (saved !== null) setAddress((typed) => (untouched(typed) ? saved : typed));
      savedDetails.current = JSON.stringify([next.email ?? '', next.shippingAddress]);
    }
  };

  /** The checkout as it is now, after a refused placement (a code that ran out, a gift card's new balance). */
  const reload = () =>
    startCheckout(cartToken.current).then(
      ({ checkout: next }) => adopt(next, false),
      () => undefined,
    );

  useEffect(() => {
    // Typed into the server-rendered form before this island hydrated: the shopper's, kept.
    const typed = (name: CheckoutFieldName, rendered: string) => typedBeforeHydration(fieldId(name)) ?? rendered;
    setEmail(typed('email', ''));
    const typedAddress = { ...EMPTY_ADDRESS };
    for (const part of ADDRESS_KEYS) typedAddress[part] = typed(part, EMPTY_ADDRESS[part]);
    setAddress(typedAddress);
    setCardNumber(typed('cardNumber', ''));
    const awaited = awaitedOrder();
    cartToken.current = pageQuery().get('cartToken') ?? awaited?.cartToken ?? null;
    const begin = (unpaid: boolean) =>
      startCheckout(cartToken.current)
        .then(({ checkout: started, payment }) => {
          setSetup(payment);
          adopt(started, true);
          if (unpaid) setNotice(PAYMENT_NOT_COMPLETED);
        })
        .catch((error: unknown) =>
          setLoadError(
            error instanceof CheckoutError ? error.message : 'Unable to load your order. Please reload the page.',
          ),
        );
    // Left without an answer (the back button): the server gives that attempt up and the cart back.
    if (awaited === null || pageQuery().get('payment') !== 'returned') return void begin(awaited !== null);
    void orderPageAfterAction(awaited).then((page) => (page === null ? begin(true) : navigateTo(page)));
  }, []);

  // Shown again from the back-forward cache (back from the provider's page), the form would be as it was left, mid-placement: start afresh.
  useEffect(() => {
    const view = globalThis as {
      addEventListener?: (type: 'pageshow', listener: (event: { persisted: boolean }) => void) => void;
      location?: { reload(): void };
    };
    view.addEventListener?.('pageshow', (event) => {
      if (event.persisted) view.location?.reload();
    });
  }, []);

  useEffect(() => {
    if (focusRequest === null) return;
    const selector = focusRequest.field === 'message' ? '.Checkout-message' : `#${fieldId(focusRequest.field)}`;
    pageDocument()?.documentElement.querySelector(selector)?.focus();
  }, [focusRequest]);

  const focus = (field: CheckoutFieldName | 'message') =>
    setFocusRequest((current) => ({ field, seq: (current?.seq ?? 0) + 1 }));

  /** Sends a change; the refusal, if any (its field messages and its own message shown). */
  const refusalOf = async (changes: CheckoutChanges): Promise<CheckoutError | null> => {
    try {
      const { checkout: next } = await updateCheckout(cartToken.current, changes);
      adopt(next, false);
      return null;
    } catch (error) {
      if (!(error instanceof CheckoutError)) throw error;
      const fields = fieldErrors(error.fields);
      setErrors((current) => ({ ...current, ...fields }));
      if (Object.keys(fields).length === 0) setMessage(error.message);
      return error;
    }
  };
  const send = async (changes: CheckoutChanges): Promise<boolean> => (await refusalOf(changes)) === null;

  const needsShipping = checkout?.requiresShipping ?? true;
  /** The address the server has gets no shipping option: said at the address, with why. */
  const noShipping =
    needsShipping &&
    checkout !== null &&
    checkout.shippingOptions.length === 0 &&
    checkout.problems.shippingOptionId === SHIPPING_MESSAGES.noneForAddress;
  const shippedPlace = (saved: CheckoutAddress) =>
    [saved.region.trim(), countryName(saved.countryCode)].filter((part) => part !== '').join(', ');
  const needsCard = checkout === null || checkout.amountDueCents > 0;
  const detailChanges = (): CheckoutChanges => ({
    email: email.trim(),
    ...(needsShipping ? { shippingAddress: address } : {}),
  });

  /** Once the contact and address are filled in, the server quotes shipping options and tax for them. */
  const saveDetails = () => {
    const snapshot = JSON.stringify([email.trim(), address]);
    if (checkout === null || snapshot === savedDetails.current) return;
    if (needsShipping && addressFieldProblems(address).length > 0) return;
    savedDetails.current = snapshot;
    void send(detailChanges());
  };

  // Details typed while the checkout was still loading (their blur found nothing to save to) are quoted once it has loaded.
  const loaded = checkout !== null;
  useEffect(() => {
    if (loaded) saveDetails();
  }, [loaded]);

  const clearError = (field: CheckoutFieldName) => setErrors(({ [field]: _cleared, ...rest }) => rest);

  /** A changed card, or a definite answer, starts a new attempt: a new key and token. */
  const forgetPayment = () => {
    idempotencyKey.current = null;
    paymentToken.current = null;
  };

  /** The shopper edited the card (Stripe's Elements or the test card field): its error goes, and so does a failed attempt. */
  const cardEdited = () => {
    clearError('cardNumber');
    forgetPayment();
    if (placing.kind === 'failed') setPlacing({ kind: 'idle' });
  };

  /** The card as the provider's payment token (Stripe: a PaymentMethod from Elements); null after showing why not. */
  const newPaymentToken = async (): Promise<string | null> => {
    if (!needsCard) return NOTHING_DUE_TOKEN;
    if (provider === 'local') return localCardToken(cardNumber);
    const made =
      stripeCard.current === null
        ? { error: STRIPE_MESSAGES.unavailable }
        : await cardPaymentToken(stripeCard.current.stripe, stripeCard.current.card);
    if ('token' in made) return made.token;
    setErrors({ cardNumber: made.error });
    setPlacing({ kind: 'idle' });
    focus('cardNumber');
    return null;
  };

  const chooseShipping = (id: string) => {
    clearError('shippingOptionId');
    setChoosing(id);
    void send({ shippingOptionId: id }).finally(() => setChoosing((current) => (current === id ? null : current)));
  };

  const showProblems = (problems: FieldProblems) => {
    setErrors(Object.fromEntries(problems) as Errors);
    setMessage(CHECKOUT_MESSAGES.formIncomplete);
    focus(problems[0]?.[0] as CheckoutFieldName);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (checkout === null || placing.kind === 'placing') return;
    const found = formProblems(
      { email, address, shippingOption: choosing ?? checkout.selectedShippingOption, cardNumber },
      needsShipping,
      needsCard && provider === 'local',
    );
    // No option to choose: the address is what to change, and the reason is the server's.
    const problems: FieldProblems = found.map(([field, text]) =>
      field === 'shippingOptionId' && noShipping ? ['countryCode', SHIPPING_MESSAGES.noneForAddress] : [field, text],
    );
    if (problems.length > 0) return showProblems(problems);
    setErrors({});
    setMessage(null);
    setPlacing({ kind: 'placing' });
    const refused = await refusalOf(detailChanges());
    if (refused !== null) {
      // Stock gone since the checkout began (409) says so, and which lines; anything else is the form to fix.
      if (refused.status === 409)
        setPlacing({
          kind: 'failed',
          message: `${refused.message} ${CHECKOUT_FORM_MESSAGES.nothingCharged}`,
          shortLines: shortLines(checkout.entries, refused.unavailable),
        });
      else {
        setPlacing({ kind: 'idle' });
        setMessage(CHECKOUT_MESSAGES.formIncomplete);
      }
      return focus('message');
    }
    // Prices or totals that moved since this page showed them are shown first, never paid unseen.
    if (latest.current !== null && totalsMoved(checkout, latest.current)) {
      setPlacing({ kind: 'failed', message: CHECKOUT_MESSAGES.totalsChanged, shortLines: [] });
      return focus('message');
    }
    if (idempotencyKey.current === null || paymentToken.current === null) {
      const token = await newPaymentToken();
      if (token === null) return;
      idempotencyKey.current = newIdempotencyKey();
      paymentToken.current = token;
    }
    try {
      const payment = { provider, token: paymentToken.current };
      let { order } = await placeOrder(cartToken.current, payment, idempotencyKey.current, locale);
      for (let retry = 0; retry < UNKNOWN_RETRIES && order.payment.status === 'unknown'; retry++) {
        setMessage(CHECKOUT_FORM_MESSAGES.confirmingPayment);
        await new Promise((resolve) => setTimeout(resolve, UNKNOWN_RETRY_MS));
        ({ order } = await placeOrder(cartToken.current, payment, idempotencyKey.current, locale));
      }
      const secret = order.payment.clientSecret;
      if (order.payment.status === 'requires_action' && secret !== undefined && stripeCard.current !== null) {
        // Stripe's authentication runs in the page; the received page then waits for its webhook.
        await completeCardAction(stripeCard.current.stripe, secret);
        return navigateTo(receivedUrl(order));
      }
      navigateTo(afterOrder(order, cartToken.current));
    } catch (error) {
      if (!(error instanceof CheckoutError)) throw error;
      // A definite answer ends this attempt; a lost connection or a server error may be retried with the same key.
      if (error.status >= 400 && error.status < 500) forgetPayment();
      const fields = fieldErrors(error.fields);
      setErrors(fields);
      const charged = error.status === 402 || error.status === 409 ? ` ${CHECKOUT_FORM_MESSAGES.nothingCharged}` : '';
      const message = error.message + (error.message.includes(CHECKOUT_FORM_MESSAGES.nothingCharged) ? '' : charged);
      setPlacing({ kind: 'failed', message, shortLines: shortLines(checkout.entries, error.unavailable) });
      if (error.checkout !== null) adopt(error.checkout, false);
      else if (error.status === 409 && error.unavailable.length === 0) void reload();
      focus(error.status === 402 ? 'cardNumber' : 'message');
    }
  };

  if (loadError !== null) {
    return (
      <div className="Checkout-unavailable" role="alert">
        <p>{loadError}</p>
        <p>
          <a href="/cart">{text['checkout.backToCart']}</a>
        </p>
      </div>
    );
  }
  if (checkout !== null && checkout.entries.length === 0) {
    return (
      <div className="Checkout-empty">
        <p>{text['checkout.nothing']}</p>
        <p>
          <a href="/">{text['checkout.continue']}</a>
        </p>
      </div>
    );
  }

  const belowMinimum = checkout !== null && checkout.subtotalCents < checkout.minimumSubtotalCents;
  const failure = placing.kind === 'failed' ? placing.message : message;
  const short = placing.kind === 'failed' ? placing.shortLines : [];

  return (
    <form className="Checkout" noValidate aria-busy={checkout === null} onSubmit={(event) => void submit(event)}>
      <div className="Checkout-main">
        {(setup?.mode ?? paymentMode) === 'test' && (
          <p className="Checkout-test-mode" role="status">
            {text['checkout.testMode']}
          </p>
        )}
        {notice !== null && (
          <p className="Checkout-notice" role="alert">
            {notice}
          </p>
        )}
        <p className="Checkout-stock">{text['checkout.stockNote']}</p>
        <fieldset className="Checkout-section" onBlur={saveDetails}>
          <legend>{text['checkout.contact']}</legend>
          <TextField
            name="email"
            label={text['checkout.email']}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            maxLength={256}
            value={email}
            error={errors.email}
            onChange={(value) => {
              setEmail(value);
              clearError('email');
            }}
          />
        </fieldset>
        {needsShipping && (
          <fieldset className="Checkout-section" onBlur={saveDetails}>
            <legend>{text['checkout.shippingAddress']}</legend>
            {checkout?.addressSearch === true && (
              <CheckoutAddressSearch
                onFound={(found) => {
                  for (const part of Object.keys(found) as (keyof typeof found)[]) clearError(part);
                  setAddress((current) => ({ ...current, ...found }));
                }}
              />
            )}
            <AddressFields
              address={address}
              errors={errors}
              onChange={(next) => {
                for (const part of Object.keys(next) as (keyof CheckoutAddress)[])
                  if (next[part] !== address[part]) clearError(part);
                setAddress(next);
              }}
            />
            <div className="Checkout-addressStatus" aria-live="polite">
              {noShipping && checkout.shippingAddress !== null && (
                <p className="Checkout-noShipping">
                  <strong>{SHIPPING_MESSAGES.noneForAddress}</strong>{' '}
                  {notShippedReason(shippedPlace(checkout.shippingAddress))}
                </p>
              )}
            </div>
          </fieldset>
        )}
        {needsShipping && (
          <fieldset
            className="Checkout-section Checkout-shipping"
            aria-describedby={
              errors.shippingOptionId !== undefined ? `${fieldId('shippingOptionId')}-error` : undefined
            }
          >
            <legend>{text['checkout.shippingMethod']}</legend>
            {checkout === null || checkout.shippingOptions.length === 0 ? (
              <p className="Checkout-hint">
                {checkout === null
                  ? text['checkout.loadingShipping']
                  : noShipping
                    ? SHIPPING_MESSAGES.noOptions
                    : text['checkout.enterAddress']}
              </p>
            ) : (
              <div className="Checkout-options">
                {checkout.shippingOptions.map((option, index) => (
                  <label key={option.id} className="Checkout-option">
                    <input
                      type="radio"
                      name="shippingOption"
                      id={index === 0 ? fieldId('shippingOptionId') : undefined}
                      value={option.id}
                      checked={(choosing ?? checkout.selectedShippingOption) === option.id}
                      onChange={() => chooseShipping(option.id)}
                    />
                    <span className="Checkout-option-name">{option.name}</span>
                    <span className="Checkout-option-price">
                      {option.free || option.costCents === 0 ? text['totals.free'] : money(option.costCents)}
                    </span>
                  </label>
                ))}
              </div>
            )}
            {errors.shippingOptionId !== undefined && (
              <p id={`${fieldId('shippingOptionId')}-error`} className="CheckoutField-error">
                {sayIn(text, errors.shippingOptionId)}
              </p>
            )}
          </fieldset>
        )}
        <CheckoutCodes checkout={checkout} errors={errors} money={money} send={send} clearError={clearError} />
        <fieldset className="Checkout-section" disabled={!needsCard}>
          <legend>{text['checkout.payment']}</legend>
          {provider === 'stripe' ? (
            needsCard ? (
              <CheckoutStripeCard
                publishableKey={setup?.provider === 'stripe' ? setup.publishableKey : null}
                error={errors.cardNumber}
                onReady={(card) => {
                  stripeCard.current = card;
                }}
                onChange={cardEdited}
              />
            ) : (
              <p className="Checkout-hint">{text['checkout.giftCardPays']}</p>
            )
          ) : (
            <TextField
              name="cardNumber"
              label={text['checkout.cardNumber']}
              inputMode="numeric"
              autoComplete="cc-number"
              required
              maxLength={23}
              value={cardNumber}
              error={errors.cardNumber}
              hint={needsCard ? text['checkout.testCards'] : text['checkout.giftCardPays']}
              onChange={(value) => {
                setCardNumber(value);
                cardEdited();
              }}
            />
          )}
        </fieldset>
      </div>
      <aside className="Checkout-summary" aria-labelledby="checkout-summary-title">
        <h2 id="checkout-summary-title">{text['checkout.summary']}</h2>
        {checkout === null ? (
          <p className="Checkout-loading">{text['checkout.loading']}</p>
        ) : (
          <>
            {checkout.priceChanges.length > 0 && (
              <ul className="Checkout-notices" role="status">
                {checkout.priceChanges.map((change) => (
                  <li key={change.entryId}>{priceChangedMessage(change, currency, locale)}</li>
                ))}
              </ul>
            )}
            <CheckoutLines
              lines={checkout.entries.map((entry) => cartLine(entry, forms))}
              money={money}
              locale={locale}
            />
            <div aria-live="polite" aria-atomic="true">
              <CheckoutTotals
                due
                money={money}
                totals={{
                  ...checkout,
                  shippingCostCents:
                    checkout.selectedShippingOption === null || choosing !== null ? null : checkout.shippingCostCents,
                }}
              />
            </div>
            {checkout.subscription !== null && (
              <SubscriptionTerms
                plan={checkout.subscription}
                amountCents={checkout.grandTotalCents}
                currencyCode={currency}
                locale={locale}
                place="checkout"
              />
            )}
          </>
        )}
      </aside>
      <div className="Checkout-place">
        <div className="Checkout-message" tabIndex={-1} aria-live="assertive" aria-atomic="true">
          {belowMinimum && <p>{minimumSubtotalMessage(checkout.minimumSubtotalCents, currency, locale)}</p>}
          {failure !== null && <p className="Checkout-error">{sayIn(text, failure)}</p>}
          {short.length > 0 && (
            <>
              <ul className="Checkout-short">
                {short.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <p>
                <a href="/cart">{text['checkout.backToCart']}</a>
              </p>
            </>
          )}
        </div>
        <button
          type="submit"
          className="Checkout-button"
          disabled={checkout === null || placing.kind === 'placing' || belowMinimum}
        >
          {placing.kind === 'placing'
            ? text['checkout.placing']
            : checkout === null || choosing !== null
              ? text['checkout.place']
              : fill(text['checkout.placeAmount'], { amount: money(checkout.amountDueCents) })}
        </button>
      </div>
    </form>
  );
}
