/**
 * A site form (form block or newsletter block): the spec's field rules before sending, locked while
 * submitting ('Submitting…'), problems shown on each field and at the top and bottom (not for a
 * newsletter), and on success a redirect or the submission message with its post-submit HTML.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { LEAD_NEWSLETTER } from '../../beacon/pixel-events';
import { CAPTCHA_ACTIONS, type CaptchaAction } from '../../forms/captcha';
import { FORM_SUBMIT_MESSAGES } from '../../forms/messages';
import { FORM_MESSAGES, hiddenValues, validateForm, type FieldValue, type FormField } from '../../forms/validate';
import type { CaptchaConfig } from '../captcha';
import { reportPixel } from '../collectors/pixel';
import FormFields from '../components/FormFields';
import { asContainer, asElement, navigateTo, pageQuery, setHtmlAndRunScripts } from '../dom';
import { FormSubmitError, submitForm, type SubmissionPage } from '../form-api';
import { useCaptcha } from '../use-captcha';
import { EN_FORMS, type FormText, type FormTextKey } from '../../commerce/storefront-text/en-forms';
import { shopperText, subscribeShopperText } from '../shopper-text';

/** The site forms' texts in the page's language (English as rendered until the page switches: use-shopper-text.ts). */
function useFormText(): FormText {
  return useSyncExternalStore(subscribeShopperText, shopperText, () => null) ?? EN_FORMS;
}

let formKeys: Map<string, FormTextKey> | undefined;

/** A field's or the submission's message (the spec's English, as the field rules and the server send it), or a field's label written as the catalogue's English, in the page's language. */
function sayForm(text: FormText, message: string): string {
  formKeys ??= new Map((Object.entries(EN_FORMS) as [FormTextKey, string][]).map(([key, english]) => [english, key]));
  const key = formKeys.get(message);
  return key === undefined ? message : text[key];
}

/**
 * The store's own words in the page's language: the default when the merchant left it blank, or a label written as one
 * of the catalogue's English texts (the rendered default, the demo contact form's `form.contact*`); a merchant's own as written.
 */
function defaultOr(label: string, key: FormTextKey, text: FormText): string {
  return label === '' ? text[key] : sayForm(text, label);
}

export interface SiteFormProps {
  formId: string;
  kind: 'form' | 'newsletter';
  fields: FormField[];
  submitButtonText: string;
  submissionMessage: string;
  successRedirectUrl: string | null;
  postSubmitHtml: string | null;
  page: SubmissionPage;
  captcha: CaptchaConfig | null;
  /** The captcha action when it is not the kind's own (a newsletter sign-up in the promo popup). */
  captchaAction?: CaptchaAction;
  onSubmitted?: () => void;
}

type Phase = { kind: 'editing' } | { kind: 'submitting' } | { kind: 'done' };

export default function SiteForm(props: SiteFormProps) {
  const { formId, kind, fields } = props;
  const text = useFormText();
  const [values, setValues] = useState<Record<string, FieldValue>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const [resetting, setResetting] = useState(false);
  const { captcha, container } = useCaptcha(props.captcha);
  const postSubmit = useRef<HTMLDivElement>(null);
  const success = useRef<HTMLDivElement>(null);
  const action =
    props.captchaAction ?? (kind === 'newsletter' ? CAPTCHA_ACTIONS.newsletterBlock : CAPTCHA_ACTIONS.formBlock);
  const newsletter = kind === 'newsletter';
  // The store's default words in the page's language; a merchant's own as written.
  const submitButtonText = defaultOr(
    props.submitButtonText,
    newsletter ? 'form.newsletterSubmit' : 'form.submit',
    text,
  );
  const submissionMessage = defaultOr(
    props.submissionMessage,
    newsletter ? 'form.newsletterThanks' : 'form.thanks',
    text,
  );
  const shownFields = useMemo(
    () => fields.map((field) => ({ ...field, title: sayForm(text, field.title) })),
    [fields, text],
  );
  const shownErrors = Object.fromEntries(Object.entries(errors).map(([id, message]) => [id, sayForm(text, message)]));

  useEffect(() => setValues((current) => ({ ...hiddenValues(fields, pageQuery()), ...current })), []);
  useEffect(() => {
    // The focus was on the button the form took away: a keyboard shopper goes on from the confirmation.
    if (phase.kind === 'done') asElement(success.current)?.focus();
    const target = asContainer(postSubmit.current);
    if (phase.kind === 'done' && target !== null && props.postSubmitHtml !== null)
      setHtmlAndRunScripts(target, props.postSubmitHtml);
  }, [phase.kind]);

  const fail = (message: string, fieldErrors: Record<string, string> = {}) => {
    setErrors(fieldErrors);
    setProblem(message);
    setPhase({ kind: 'editing' });
    // Spec: after a failure with a captcha the captcha is reset and the submit button disabled,
    // here until the visitor changes an entry (the next attempt gets a fresh captcha token).
    if (captcha !== null) {
      captcha.reset();
      setResetting(true);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase.kind !== 'editing') return;
    setProblem(null);
    const found = validateForm(fields, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setProblem(FORM_MESSAGES.formInvalid);
      return;
    }
    setPhase({ kind: 'submitting' });
    let token: string | null = null;
    if (props.captcha !== null) {
      token = captcha === null ? null : await captcha.token(action);
      if (token === null) return fail(FORM_MESSAGES.captcha);
    }
    try {
      await submitForm(formId, values, token, props.page);
    } catch (error) {
      return error instanceof FormSubmitError
        ? fail(error.message, error.fieldErrors)
        : fail(FORM_SUBMIT_MESSAGES.processing);
    }
    props.onSubmitted?.();
    if (newsletter) reportPixel('Lead', { content_name: LEAD_NEWSLETTER });
    if (props.successRedirectUrl !== null) return navigateTo(props.successRedirectUrl);
    setPhase({ kind: 'done' });
  };

  if (phase.kind === 'done') {
    return (
      <div ref={success} className="SiteForm-success" role="status" tabIndex={-1}>
        <p className="SiteForm-submission-message">{submissionMessage}</p>
        {props.postSubmitHtml !== null && <div ref={postSubmit} className="SiteForm-post-submit" />}
      </div>
    );
  }

  const submitting = phase.kind === 'submitting';
  // Spec §8: every failure of a site form, a field's or the submission's (401, 404, 429, 500, no connection), gets both.
  const showFrame = problem !== null && !newsletter;
  return (
    <form
      className={newsletter ? 'NewsletterForm' : 'SiteForm'}
      data-form-id={formId}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={submitting}
    >
      {showFrame && (
        <p className="SiteForm-problem SiteForm-problem--top" role="alert">
          {text['form.topProblem']}
        </p>
      )}
      <fieldset className="SiteForm-fields" disabled={submitting}>
        <legend className="visually-hidden">{newsletter ? 'Newsletter sign-up' : 'Form'}</legend>
        <FormFields
          formId={formId}
          fields={shownFields}
          values={values}
          errors={shownErrors}
          onChange={(id, value) => {
            setValues((current) => ({ ...current, [id]: value }));
            setResetting(false);
          }}
        />
      </fieldset>
      {container}
      {problem !== null && (
        <p className="SiteForm-problem" role="alert">
          {sayForm(text, problem)}
        </p>
      )}
      {showFrame && (
        <p className="SiteForm-problem SiteForm-problem--bottom" role="alert">
          {text['form.bottomProblem']}
        </p>
      )}
      <button type="submit" disabled={submitting || resetting}>
        {submitting ? text['form.submitting'] : submitButtonText}
      </button>
    </form>
  );
}
