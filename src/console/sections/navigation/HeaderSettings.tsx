/**
 * The store header as settings (console → Navigation, header and footer → Header, for the content roles): the announcement bar above it and the
 * social links in the footer, each a labelled field; the logo is the store details'. The header's raw
 * HTML is the code-injection roles' extra: others see it read-only and send it back unchanged.
 */
import { useEffect, useState } from 'react';
import {
  headerSettingsSchema,
  SOCIAL_NETWORK_NAMES,
  SOCIAL_NETWORKS,
  type StoreSettingsAnswer,
} from '../../../site/editor/store-settings';
import { api } from '../../../api';
import type { ConsoleSession } from '../../section-types';
import { consoleApi, FetchStatus, Field, Link, SaveForm, savedFieldError, useFetch, useSave } from '../../ui';
import { COMMERCE_ROOT } from '../commerce/paths';
import { problemsOf } from '../commerce/StoreDetails';

type Header = StoreSettingsAnswer['header'];

export function HeaderSettingsForm({ session }: { session: ConsoleSession }) {
  const fetched = useFetch(api.storeSettings.at());
  const [header, setHeader] = useState<Header | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useSave();
  useEffect(() => {
    if (fetched.data !== undefined) setHeader(fetched.data.header);
  }, [fetched.data]);
  if (header === null || fetched.data === undefined)
    return <FetchStatus fetched={fetched} loading="Loading the header…" />;
  const logo = fetched.data.details.logo;
  const error = (path: string) => problems[path] ?? savedFieldError(save.state, path);
  const urlOf = (network: Header['social'][number]['network']) =>
    header.social.find((s) => s.network === network)?.url ?? '';
  const setUrl = (network: Header['social'][number]['network'], url: string) =>
    setHeader({
      ...header,
      social: SOCIAL_NETWORKS.map((n) => ({ network: n, url: n === network ? url : urlOf(n) })).filter(
        (s) => s.url !== '',
      ),
    });
  const submit = async () => {
    const sent = {
      ...header,
      social: header.social.map((s) => ({ ...s, url: s.url.trim() })).filter((s) => s.url !== ''),
    };
    const checked = headerSettingsSchema.safeParse(sent);
    // A social link's problem is named by its place in the list sent; the form shows it beside its network.
    const found = problemsOf(checked);
    setProblems(
      Object.fromEntries(
        Object.entries(found).map(([path, message]) => {
          const index = /^social\.(\d+)\.url$/.exec(path)?.[1];
          return [index === undefined ? path : `social.${sent.social[Number(index)]?.network}`, message];
        }),
      ),
    );
    if (!checked.success) return;
    if ((await save.run(() => consoleApi(api.saveHeaderSettings.at(), checked.data))) !== undefined) fetched.reload();
  };
  return (
    <SaveForm id="header" title="Header" state={save.state} onSubmit={() => void submit()} submit="Save header">
      <div className="HeaderLogo">
        <p className="Field-label">Logo</p>
        {logo === null ? (
          <p className="Muted">No logo: the header shows the store name.</p>
        ) : (
          <img src={logo.assetUrl} alt={logo.altText || 'Store logo'} className="HeaderLogo-image" />
        )}
        {session.can.commerce ? (
          <Link to={COMMERCE_ROOT}>{logo === null ? 'Add a logo in Store details' : 'Change it in Store details'}</Link>
        ) : (
          <p className="Field-hint">The logo is set in Commerce → Store by the store's owner or manager.</p>
        )}
      </div>
      <Field
        id="header-announcement"
        label="Announcement bar"
        description="One short line above the header on every page, such as free shipping or a sale. Empty: no bar."
        error={error('announcement')}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            maxLength={200}
            value={header.announcement}
            onChange={(e) => setHeader({ ...header, announcement: e.target.value })}
          />
        )}
      </Field>
      <fieldset className="Field">
        <legend>Social links</legend>
        <p className="Field-hint">Shown in the footer. Leave a network empty to leave it out.</p>
        <div className="Field-row">
          {SOCIAL_NETWORKS.map((network) => (
            <Field
              key={network}
              id={`header-social-${network}`}
              label={SOCIAL_NETWORK_NAMES[network]}
              error={error(`social.${network}`)}
            >
              {(control) => (
                <input
                  {...control}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  value={urlOf(network)}
                  onChange={(e) => setUrl(network, e.target.value)}
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>
      <Field
        id="header-html"
        label="Header code"
        description={
          session.can.codeInjection
            ? 'HTML added to the header as written, scripts included. Only administrators and website managers can change it.'
            : 'Only an administrator or a website manager can change the header code.'
        }
        error={error('html')}
      >
        {(control) => (
          <textarea
            {...control}
            value={header.html}
            readOnly={!session.can.codeInjection}
            rows={4}
            spellCheck={false}
            onChange={(e) => setHeader({ ...header, html: e.target.value })}
          />
        )}
      </Field>
    </SaveForm>
  );
}
