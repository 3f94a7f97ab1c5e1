/**
 * The back-in-stock sign-up on a sold-out product (storefront spec §4, §8): email and optional
 * mailing-list checkbox; on submit a captcha token is fetched, then 'Signed up!' (or the merchant's
 * text) replaces the form, or the server's message shows until the next attempt.
 */
import { useState, type FormEvent } from 'react';
import { CAPTCHA_ACTIONS } from '../../forms/captcha';
import { FORM_SUBMIT_MESSAGES } from '../../forms/messages';
import type { CaptchaConfig } from '../captcha';
import { apiCall, responseFailure } from '../api';
import { fieldValue } from '../field-value';
import { useCaptcha } from '../use-captcha';

export interface RestockFormProps {
  productId: string;
  variantId: string;
  ctaText: string;
  buttonText: string;
  placeholderText: string;
  mailingList: { description: string; optInByDefault: boolean } | null;
  successText: string;
  language: string;
  captcha: CaptchaConfig | null;
}

export const RESTOCK_FAILURE = FORM_SUBMIT_MESSAGES.badKey;

type Phase = 'idle' | 'sending' | 'done';

export default function RestockForm(props: RestockFormProps) {
  const [email, setEmail] = useState('');
  const [join, setJoin] = useState(props.mailingList?.optInByDefault === true);
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const { captcha, container } = useCaptcha(props.captcha);
  const inputId = `restock-email-${props.variantId}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase === 'sending') return;
    setError(null);
    setPhase('sending');
    try {
      const token = props.captcha === null || captcha === null ? null : await captcha.token(CAPTCHA_ACTIONS.productWaitlist);
      const res = await apiCall('POST', '/api/site-users/account/notifications/restock', {
        productId: props.productId,
        variantId: props.variantId,
        siteVisitorEmail: email,
        isJoinMailingList: join,
        recaptchaEnterpriseV3Token: token,
        language: props.language,
      });
      if (!res.ok) throw new Error(await responseFailure(res, RESTOCK_FAILURE));
      setPhase('done');
    } catch (failure) {
      setError(failure instanceof Error && failure.message !== '' ? failure.message : RESTOCK_FAILURE);
      setPhase('idle');
    }
  };

  if (phase === 'done') {
    return (
      <p className="product-restock-success" role="status">
        {props.successText}
      </p>
    );
  }
  return (
    <div className="product-restock-notification" data-product-id={props.productId} data-variant-id={props.variantId}>
      <p className="product-restock-cta">{props.ctaText}</p>
      <form className="product-restock-form" noValidate onSubmit={(event) => void submit(event)}>
        <label htmlFor={inputId} className="visually-hidden">
          Email address
        </label>
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          spellCheck={false}
          placeholder={props.placeholderText}
          value={email}
          aria-invalid={error !== null}
          aria-describedby={error === null ? undefined : `${inputId}-error`}
          onChange={(e) => setEmail(fieldValue(e))}
        />
        {props.mailingList !== null && (
          <label className="product-restock-mailing-list">
            <input type="checkbox" name="isJoinMailingList" checked={join} onChange={() => setJoin(!join)} /> {props.mailingList.description}
          </label>
        )}
        {container}
        <button type="submit" disabled={phase === 'sending'}>
          {phase === 'sending' ? 'Sending…' : props.buttonText}
        </button>
        {error !== null && (
          <p id={`${inputId}-error`} className="product-restock-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}
