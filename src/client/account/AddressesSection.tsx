/** The signed-in shopper's saved addresses: add, edit, delete, choose the default (the checkout starts with it). */
import { useEffect, useState, type FormEvent } from 'react';
import type { AnswerOf, Call } from '../../api/route';
import { storefrontRoutes as api } from '../../api/storefront';
import { ACCOUNT_MESSAGES } from '../../accounts/messages';
import { countryNameIn, type SavedAddress, type ShippingAddress } from '../../commerce/address';
import { sayIn } from '../../commerce/storefront-text/say-in';
import { responseFailure } from '../api';
import { addressFieldProblems } from '../checkout-form';
import { pageDocument } from '../dom';
import { AddressFields, EMPTY_ADDRESS, type CheckoutFieldName } from '../islands/CheckoutFields';
import { useShopperLocale } from '../use-shopper-text';
import { usePurchaseText } from '../use-purchase-text';
import { accountCall, fieldErrors, type AccountSectionProps } from './account-api';

/** The address being written: a new one (`id` null) or a saved one. */
interface Draft {
  id: string | null;
  address: ShippingAddress;
  isDefault: boolean;
}

type Errors = Partial<Record<CheckoutFieldName, string>>;

function lines(a: ShippingAddress, locale: string): string[] {
  return [
    `${a.firstName} ${a.lastName}`.trim(),
    a.address1,
    a.address2,
    [a.city, a.region, a.postalCode].filter((part) => part !== '').join(' '),
    countryNameIn(a.countryCode, locale),
    a.phone,
  ].filter((line) => line !== '');
}

export default function AddressesSection({ session }: AccountSectionProps) {
  const [addresses, setAddresses] = useState<SavedAddress[] | null>(null);
  const locale = useShopperLocale(session.language ?? 'en');
  const text = usePurchaseText();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const xsrf = session.xsrfToken;

  useEffect(() => {
    void accountCall(api.addresses.at(), undefined, xsrf)
      .then(async (res) =>
        res.ok
          ? setAddresses((await res.json()).addresses)
          : setFailure(await responseFailure(res, ACCOUNT_MESSAGES.failed)),
      )
      .catch(() => setFailure(ACCOUNT_MESSAGES.failed));
  }, [xsrf]);

  useEffect(() => {
    if (draft !== null) pageDocument()?.documentElement.querySelector('#checkout-firstName')?.focus();
  }, [draft?.id, draft === null]);

  /** Sends a change; the new list on success, else the messages shown. */
  const change = async <B,>(
    call: Call<AnswerOf<typeof api.addAddress>, B>,
    body: NoInfer<B>,
    done: string,
  ): Promise<boolean> => {
    setBusy(true);
    setFailure(null);
    setStatus(null);
    const res = await accountCall(call, body, xsrf).catch(() => null);
    setBusy(false);
    if (res === null) return (setFailure(ACCOUNT_MESSAGES.failed), false);
    if (!res.ok) {
      const fields = Object.fromEntries(
        Object.entries(await fieldErrors(res)).map(([key, message]) => [key.replace('shippingAddress.', ''), message]),
      );
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(await responseFailure(res, ACCOUNT_MESSAGES.failed));
      return false;
    }
    setAddresses((await res.json()).addresses);
    setStatus(done);
    return true;
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (draft === null) return;
    const problems = Object.fromEntries(addressFieldProblems(draft.address)) as Errors;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const body = { address: draft.address, isDefault: draft.isDefault };
    const ok =
      draft.id === null
        ? await change(api.addAddress.at(), body, 'Address saved.')
        : await change(api.changeAddress.at(draft.id), body, 'Address updated.');
    if (ok) setDraft(null);
  };

  if (addresses === null)
    return failure === null ? (
      <p aria-busy="true">Loading your addresses…</p>
    ) : (
      <p role="alert" className="AccountPanel-error">
        {failure}
      </p>
    );
  return (
    <div className="AccountAddresses">
      {addresses.length === 0 && draft === null && <p>You have no saved addresses yet.</p>}
      <ul className="AccountAddresses-list">
        {addresses.map((saved) => (
          <li key={saved.id} className="AccountAddress">
            {saved.isDefault && <p className="AccountAddress-default">{sayIn(text, 'Default')}</p>}
            <address>
              {lines(saved.address, locale).map((line, index) => (
                <span key={index}>
                  {line}
                  <br />
                </span>
              ))}
            </address>
            <div className="AccountAddress-actions">
              <button
                type="button"
                className="AccountPanel-link"
                disabled={busy}
                onClick={() => (setErrors({}), setDraft({ ...saved }))}
                aria-label={`Edit the address at ${saved.address.address1}`}
              >
                {sayIn(text, 'Edit')}
              </button>
              {!saved.isDefault && (
                <button
                  type="button"
                  className="AccountPanel-link"
                  disabled={busy}
                  onClick={() =>
                    void change(
                      api.changeAddress.at(saved.id),
                      { address: saved.address, isDefault: true },
                      'Default address changed.',
                    )
                  }
                >
                  Make default
                </button>
              )}
              <button
                type="button"
                className="AccountPanel-link"
                disabled={busy}
                onClick={() => void change(api.removeAddress.at(saved.id), undefined, 'Address deleted.')}
                aria-label={`Delete the address at ${saved.address.address1}`}
              >
                {sayIn(text, 'Delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {draft === null ? (
        <button
          type="button"
          className="AccountPanel-secondary"
          onClick={() => (
            setErrors({}),
            setStatus(null),
            setDraft({ id: null, address: EMPTY_ADDRESS, isDefault: addresses.length === 0 })
          )}
        >
          {sayIn(text, 'Add an address')}
        </button>
      ) : (
        <form
          className="AccountAddressForm"
          onSubmit={(event) => void save(event)}
          noValidate
          aria-label={draft.id === null ? 'New address' : 'Edit address'}
        >
          <AddressFields
            address={draft.address}
            errors={errors}
            onChange={(address) => setDraft({ ...draft, address })}
          />
          <label className="FormField-choice">
            <input
              type="checkbox"
              checked={draft.isDefault}
              onChange={() => setDraft({ ...draft, isDefault: !draft.isDefault })}
            />{' '}
            Use as my default address
          </label>
          <div className="AccountAddressForm-actions">
            <button type="submit" disabled={busy}>
              {busy ? 'Saving…' : 'Save address'}
            </button>
            <button type="button" className="AccountPanel-secondary" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <p className="AccountAddresses-status" role="status" aria-live="polite">
        {status === null ? null : sayIn(text, status)}
      </p>
      {failure !== null && (
        <p className="AccountPanel-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
