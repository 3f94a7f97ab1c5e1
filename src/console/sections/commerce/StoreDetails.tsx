/**
 * The store's details (console → Commerce → Store): its name (the site title shoppers see), logo
 * (uploaded here, shown in the header in place of the name), contact email and business address,
 * saved with the same schema the API validates (src/site/editor/store-settings.ts).
 */
import { useEffect, useState } from 'react';
import { addressLabels, COUNTRIES, countryName } from '../../../commerce/address';
import { storeDetailsSchema, type StoreDetails } from '../../../site/editor/store-settings';
import { api } from '../../../api';
import type { ConsoleSession } from '../../section-types';
import {
  consoleApi,
  FetchStatus,
  Field,
  PicturesEditor,
  SaveForm,
  savedFieldError,
  useFetch,
  useSave,
  type PickedImage,
} from '../../ui';

/** The form's first problem per field path, as the API would name it. */
export function problemsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const problems: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) problems[issue.path.join('.')] ??= issue.message;
  return problems;
}

const pictureOf = ({ logo }: StoreDetails): PickedImage[] =>
  logo === null ? [] : [{ assetUrl: logo.assetUrl, altText: logo.altText, originalSize: logo.originalSize ?? '' }];

export function StoreDetailsForm({ session, onSaved }: { session: ConsoleSession; onSaved?: () => void }) {
  const fetched = useFetch(api.storeSettings.at());
  const [details, setDetails] = useState<StoreDetails | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useSave();
  useEffect(() => {
    if (fetched.data !== undefined) setDetails(fetched.data.details);
  }, [fetched.data]);
  if (details === null) return <FetchStatus fetched={fetched} loading="Loading the store details…" />;
  const labels = addressLabels(details.address.countryCode);
  const error = (path: string) => problems[path] ?? savedFieldError(save.state, path);
  const setAddress = (change: Partial<StoreDetails['address']>) =>
    setDetails({ ...details, address: { ...details.address, ...change } });
  const logo = pictureOf(details);
  const submit = async () => {
    const checked = storeDetailsSchema.safeParse(details);
    setProblems(problemsOf(checked));
    if (!checked.success) return;
    const saved = await save.run(() => consoleApi(api.saveStoreDetails.at(), checked.data));
    if (saved !== undefined) onSaved?.();
  };
  const text = (path: keyof StoreDetails['address'], label: string, autoComplete: string) => (
    <Field id={`details-${path}`} label={label} error={error(`address.${path}`)}>
      {(control) => (
        <input
          {...control}
          type="text"
          autoComplete={autoComplete}
          value={details.address[path]}
          onChange={(e) => setAddress({ [path]: e.target.value })}
        />
      )}
    </Field>
  );
  return (
    <SaveForm
      id="details"
      title="Store details"
      state={save.state}
      onSubmit={() => void submit()}
      submit="Save store details"
    >
      <Field
        id="details-name"
        label="Store name"
        description="Shown in the header, the footer and emails."
        error={error('name')}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            maxLength={100}
            value={details.name}
            onChange={(e) => setDetails({ ...details, name: e.target.value })}
          />
        )}
      </Field>
      <div className="Field">
        <span className="Field-label" id="details-logo-label">
          Logo
        </span>
        <p className="Field-hint">
          Shown in the header in place of the store name. PNG or SVG-like artwork on a clear background works best.
        </p>
        <PicturesEditor
          id="details-logo"
          pictures={logo}
          max={1}
          canUpload={session.can.content || session.can.commerce}
          problem={(name) => (name === 'images.0' ? error('logo.assetUrl') : undefined)}
          onChange={(change) =>
            setDetails((before) => {
              if (before === null) return before;
              const [next] = change(pictureOf(before));
              return {
                ...before,
                logo:
                  next === undefined
                    ? null
                    : { assetUrl: next.assetUrl, altText: next.altText, originalSize: next.originalSize || undefined },
              };
            })
          }
        />
      </div>
      <Field
        id="details-email"
        label="Contact email"
        description="Where shoppers reach you: shown in order emails and on the policies."
        error={error('contactEmail')}
      >
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="email"
            value={details.contactEmail}
            onChange={(e) => setDetails({ ...details, contactEmail: e.target.value })}
          />
        )}
      </Field>
      <fieldset className="Field">
        <legend>Business address</legend>
        <Field id="details-countryCode" label="Country" error={error('address.countryCode')}>
          {(control) => (
            <select
              {...control}
              value={details.address.countryCode}
              onChange={(e) => setAddress({ countryCode: e.target.value })}
            >
              <option value="">Choose a country…</option>
              {[...new Set([details.address.countryCode, ...COUNTRIES.map(([code]) => code)])]
                .filter((code) => code !== '')
                .map((code) => (
                  <option key={code} value={code}>
                    {countryName(code)}
                  </option>
                ))}
            </select>
          )}
        </Field>
        {text('address1', labels.address1, 'address-line1')}
        {text('address2', labels.address2, 'address-line2')}
        <div className="Field-row">
          {text('city', labels.city, 'address-level2')}
          {text('region', labels.region, 'address-level1')}
          {text('postalCode', labels.postalCode, 'postal-code')}
        </div>
      </fieldset>
    </SaveForm>
  );
}
