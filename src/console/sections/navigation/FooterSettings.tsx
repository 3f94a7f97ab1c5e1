/**
 * The store footer as settings (console → Navigation, header and footer → Footer): its text (rich text, sanitized
 * when stored) and its links (each a text and an address: a page of the store, a web address, mailto: or tel:),
 * shown on every page with the social links (Commerce → Header) and the policies' links. The footer's raw HTML is
 * not here: it is the code-injection roles' extra, in the header and footer code card below this one.
 */
import { useEffect, useState } from 'react';
import {
  footerSettingsSchema,
  MAX_FOOTER_LINK_LABEL,
  MAX_FOOTER_LINKS,
  type StoreSettingsAnswer,
} from '../../../site/editor/store-settings';
import { api } from '../../../api';
import type { ConsoleSession } from '../../section-types';
import { consoleApi, FetchStatus, Field, FieldError, SaveForm, savedFieldError, useFetch, useSave } from '../../ui';
import { RichTextEditor } from '../posts/RichTextEditor';
import { problemsOf } from '../commerce/StoreDetails';

type Footer = StoreSettingsAnswer['footer'];

/** What the form sends: the rich text editor's empty document ('<p></p>') is no text. */
const sent = (footer: Footer): Footer => ({ ...footer, text: footer.text.replace(/^<p><\/p>$/, '') });

export function FooterSettingsForm({ session }: { session: ConsoleSession }) {
  const fetched = useFetch(api.storeSettings.at());
  const [footer, setFooter] = useState<Footer | null>(null);
  // The footer as last loaded or saved: leaving asks first while the form differs from it.
  const [baseline, setBaseline] = useState<Footer | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useSave();
  useEffect(() => {
    if (fetched.data === undefined) return;
    setFooter(fetched.data.footer);
    setBaseline(fetched.data.footer);
  }, [fetched.data]);
  if (footer === null || baseline === null) return <FetchStatus fetched={fetched} loading="Loading the footer…" />;
  const error = (path: string) => problems[path] ?? savedFieldError(save.state, path);
  const setLink = (index: number, change: Partial<Footer['links'][number]>) =>
    setFooter({ ...footer, links: footer.links.map((link, i) => (i === index ? { ...link, ...change } : link)) });
  const submit = async () => {
    const checked = footerSettingsSchema.safeParse(sent(footer));
    setProblems(problemsOf(checked));
    if (!checked.success) return;
    const saved = await save.run(() => consoleApi(api.saveFooterSettings.at(), checked.data));
    if (saved === undefined) return;
    setBaseline(footer);
    fetched.reload();
  };
  return (
    <SaveForm
      id="footer"
      title="Footer"
      state={save.state}
      onSubmit={() => void submit()}
      submit="Save footer"
      dirty={JSON.stringify(sent(footer)) !== JSON.stringify(sent(baseline))}
    >
      <div className="PolicyField">
        <RichTextEditor
          id="footer-text"
          label="Footer text"
          value={footer.text}
          session={session}
          onChange={(html) => setFooter((before) => (before === null ? before : { ...before, text: html }))}
        />
        <p className="Field-hint">Shown under the store name on every page, such as your address or opening hours.</p>
        <FieldError id="footer-text-error" message={error('text')} />
      </div>
      <fieldset className="Field">
        <legend>Footer links</legend>
        <p className="Field-hint">
          Shown with the site's navigation at the foot of every page. An address is a page of this store (/shipping), a
          web address, mailto: or tel:.
        </p>
        {footer.links.length === 0 && <p className="Muted">No links yet.</p>}
        <ol className="FooterLinks">
          {footer.links.map((link, index) => (
            // The rows have no id of their own: their place is what the save's messages name.
            <li key={index} className="Field-row FooterLinks-row">
              <Field
                id={`footer-link-${index}-label`}
                label={`Link ${index + 1} text`}
                error={error(`links.${index}.label`)}
              >
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    maxLength={MAX_FOOTER_LINK_LABEL}
                    value={link.label}
                    onChange={(e) => setLink(index, { label: e.target.value })}
                  />
                )}
              </Field>
              <Field
                id={`footer-link-${index}-url`}
                label={`Link ${index + 1} address`}
                error={error(`links.${index}.url`)}
              >
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    inputMode="url"
                    placeholder="/shipping or https://"
                    value={link.url}
                    onChange={(e) => setLink(index, { url: e.target.value })}
                  />
                )}
              </Field>
              <button
                type="button"
                className="Button FooterLinks-remove"
                aria-label={`Remove footer link ${index + 1}`}
                onClick={() => setFooter({ ...footer, links: footer.links.filter((_, i) => i !== index) })}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="Button"
          disabled={footer.links.length >= MAX_FOOTER_LINKS}
          onClick={() => setFooter({ ...footer, links: [...footer.links, { label: '', url: '' }] })}
        >
          Add footer link
        </button>
      </fieldset>
      <p className="Field-hint">
        Social links show in the footer too: they are set with the header, above. The footer's code, if any, is in the
        header and footer code below.
      </p>
    </SaveForm>
  );
}
