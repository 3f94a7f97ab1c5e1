/**
 * The back-in-stock sign-up (storefront spec §4, §8) for the variant the shopper chose: shown while
 * that variant is sold out, and always on a product sold out in every variant (which asks for the
 * options first). Email and optional mailing-list checkbox; on submit a captcha token is fetched,
 * then 'Signed up!' (or the merchant's text) replaces the form for that variant, or the server's
 * message shows until the next attempt.
 */
import { storefrontRoutes as api } from '../../api/storefront';
import type { BodyOf } from '../../api/route';
import { useEffect, useState, type FormEvent } from 'react';
import { unselectedOptionsMessage } from '../../commerce/cart';
import { CAPTCHA_ACTIONS } from '../../forms/captcha';
import { FORM_SUBMIT_MESSAGES } from '../../forms/messages';
import type { CaptchaConfig } from '../captcha';
import { apiCall, responseFailure } from '../api';
import { fieldValue } from '../field-value';
import { subscribeSelection } from '../selection';
import { useCaptcha } from '../use-captcha';
import { merchantOr } from '../../commerce/storefront-text';
import { useShopperText } from '../use-shopper-text';

/** A sold-out variant a shopper may sign up for: its id (what the sign-up names) and its option values. */
export interface RestockVariant {
  id: string;
  label: string;
}

export interface RestockFormProps {
  productId: string;
  /** The product's option names; empty for a product of one variant. */
  options: string[];
  /** Sold-out variants by sku. */
  variants: Record<string, RestockVariant>;
  /** Every variant is sold out: the sign-up shows before a choice. */
  soldOut: boolean;
  ctaText: string;
  buttonText: string;
  placeholderText: string;
  mailingList: { description: string; optInByDefault: boolean } | null;
  successText: string;
  language: string;
  captcha: CaptchaConfig | null;
}

export const RESTOCK_FAILURE = FORM_SUBMIT_MESSAGES.badKey;

type Phase = 'idle' | 'sending';

/** The variant the sign-up is for: the chosen one when it is sold out, the only one of a single-variant product, else none yet. */
function variantFor(props: RestockFormProps, sku: string | null): RestockVariant | null {
  if (sku !== null) return props.variants[sku] ?? null;
  const all = Object.values(props.variants);
  return props.options.length === 0 && all.length === 1 ? (all[0] ?? null) : null;
}

export default function RestockForm(props: RestockFormProps) {
  const [sku, setSku] = useState<string | null>(null);
  const [missing, setMissing] = useState<readonly string[]>(props.options);
  const [email, setEmail] = useState('');
  const [join, setJoin] = useState(props.mailingList?.optInByDefault === true);
  const [phase, setPhase] = useState<Phase>('idle');
  const [signedUp, setSignedUp] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { captcha, container } = useCaptcha(props.captcha);
  const text = useShopperText();
  useEffect(
    () =>
      subscribeSelection(props.productId, (selection) => {
        setSku(selection.variant);
        setMissing(selection.missing);
        setError(null);
      }),
    [props.productId],
  );
  const variant = variantFor(props, sku);
  const inputId = `restock-email-${props.productId}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase === 'sending') return;
    if (variant === null) {
      setError(unselectedOptionsMessage(missing.length > 0 ? missing : props.options));
      return;
    }
    setError(null);
    setPhase('sending');
    try {
      const token =
        props.captcha === null || captcha === null ? null : await captcha.token(CAPTCHA_ACTIONS.productWaitlist);
      const res = await apiCall(api.restockSignUp.method, api.restockSignUp.path(), {
        productId: props.productId,
        variantId: variant.id,
        siteVisitorEmail: email,
        isJoinMailingList: join,
        recaptchaEnterpriseV3Token: token,
        language: props.language,
      } satisfies BodyOf<typeof api.restockSignUp>);
      if (!res.ok) throw new Error(await responseFailure(res, RESTOCK_FAILURE));
      setSignedUp(variant.id);
    } catch (failure) {
      setError(failure instanceof Error && failure.message !== '' ? failure.message : RESTOCK_FAILURE);
    }
    setPhase('idle');
  };

  // A variant in stock (or none chosen on a product that has some in stock) offers no sign-up. The
  // form stays mounted while hidden, so its captcha is rendered once, when the island starts.
  const shown = variant !== null || (props.soldOut && sku === null);
  const done = variant !== null && signedUp === variant.id;
  return (
    <div
      className="product-restock-notification"
      hidden={!shown}
      data-product-id={props.productId}
      data-variant-id={variant?.id}
    >
      <p className="product-restock-success" role="status" hidden={!done}>
        {done ? merchantOr(props.successText, 'restock.success', text) : ''}
      </p>
      <div className="product-restock-signup" hidden={done}>
        <p className="product-restock-cta">{merchantOr(props.ctaText, 'restock.cta', text)}</p>
        {variant !== null && variant.label !== '' && <p className="product-restock-variant">{variant.label}</p>}
        <form className="product-restock-form" noValidate onSubmit={(event) => void submit(event)}>
          <label htmlFor={inputId} className="visually-hidden">
            {text['restock.email']}
            {variant !== null && variant.label !== '' ? ` (${variant.label})` : ''}
          </label>
          <input
            id={inputId}
            type="email"
            name="email"
            autoComplete="email"
            spellCheck={false}
            placeholder={merchantOr(props.placeholderText, 'restock.placeholder', text)}
            value={email}
            aria-invalid={error !== null}
            aria-describedby={error === null ? undefined : `${inputId}-error`}
            onChange={(e) => setEmail(fieldValue(e))}
          />
          {props.mailingList !== null && (
            <label className="product-restock-mailing-list">
              <input type="checkbox" name="isJoinMailingList" checked={join} onChange={() => setJoin(!join)} />{' '}
              {props.mailingList.description}
            </label>
          )}
          {container}
          <button type="submit" disabled={phase === 'sending'}>
            {phase === 'sending' ? text['restock.sending'] : merchantOr(props.buttonText, 'restock.button', text)}
          </button>
          {error !== null && (
            <p id={`${inputId}-error`} className="product-restock-error" role="alert">
              {error}
            </p>
          )}
        </form>
      </div>
    </div>
  );
}
