/** The store's currency and checkout settings: minimum order, prices with tax, payment window, welcome code. */
import { useEffect, useState, type FormEvent } from 'react';
import type { StoreSettings } from '../../../commerce/checkout-totals';
import { consoleApi, FetchStatus, Field, moneyInput, parseMoneyInput, SaveStatus, useFetch, useSave } from '../../ui';
import { api } from '../../../api';
import { serverFieldError } from '../orders/format';

const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'JPY', 'CHF', 'SEK', 'DKK', 'NOK'];

export function StoreSettingsForm() {
  const fetched = useFetch(api.store.at());
  const [currency, setCurrency] = useState('USD');
  const [minimum, setMinimum] = useState('0.00');
  const [settings, setSettings] = useState<StoreSettings | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const save = useSave();
  useEffect(() => {
    if (fetched.data === undefined) return;
    setCurrency(fetched.data.currency);
    setSettings(fetched.data.settings);
    setMinimum(moneyInput(fetched.data.settings.minimumSubtotalCents, fetched.data.currency));
  }, [fetched.data]);
  if (settings === null || fetched.data === undefined) {
    return <FetchStatus fetched={fetched} loading="Loading the store settings…" />;
  }
  const stored = fetched.data;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const minimumCents = parseMoneyInput(minimum, currency);
    const problems: Record<string, string> = {};
    if (minimumCents === null) problems.minimum = 'Enter an amount such as 25.00';
    if (
      !Number.isInteger(settings.reservationMinutes) ||
      settings.reservationMinutes < 1 ||
      settings.reservationMinutes > 120
    )
      problems.reservationMinutes = 'Between 1 and 120 minutes';
    if (
      !Number.isInteger(settings.welcomeDiscount.percent) ||
      settings.welcomeDiscount.percent < 1 ||
      settings.welcomeDiscount.percent > 100
    )
      problems.welcomePercent = 'Between 1 and 100';
    setFields(problems);
    if (Object.keys(problems).length > 0 || minimumCents === null) return;
    await save.run(async () => {
      if (currency !== stored.currency) await consoleApi(api.storeCurrency.at(), { currency });
      await consoleApi(api.commerceSettings.at(), { ...settings, minimumSubtotalCents: minimumCents });
      fetched.reload();
    });
  };
  const error = (name: string) => fields[name] ?? serverFieldError(save.state, name);
  return (
    <form className="Card" onSubmit={(e) => void submit(e)} noValidate aria-label="Store settings">
      <h2>Checkout</h2>
      <div className="Field-row">
        <Field
          id="store-currency"
          label="Currency"
          description="Prices keep their amounts; only the currency changes."
          error={error('currency')}
        >
          {(control) => (
            <select {...control} value={currency} onChange={(e) => setCurrency(e.target.value)}>
              {[...new Set([stored.currency, ...CURRENCIES])].map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id="store-minimum"
          label="Minimum order subtotal"
          description="0 for no minimum."
          error={error('minimum')}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="decimal"
              value={minimum}
              onChange={(e) => setMinimum(e.target.value)}
            />
          )}
        </Field>
      </div>
      <label className="Field-inline">
        <input
          type="checkbox"
          checked={settings.pricesIncludeTax}
          onChange={(e) => setSettings({ ...settings, pricesIncludeTax: e.target.checked })}
        />{' '}
        Prices include tax
      </label>
      <div className="Field-row">
        <Field
          id="store-reservation"
          label="Payment window (minutes)"
          description="How long a placed order's items are held while the shopper pays, card authentication included. Nothing is held before the order is placed; an order not paid in time is cancelled."
          error={error('reservationMinutes')}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              min={1}
              max={120}
              value={settings.reservationMinutes}
              onChange={(e) => setSettings({ ...settings, reservationMinutes: Number(e.target.value) })}
            />
          )}
        </Field>
        <div>
          <Field
            id="store-welcome"
            label="Welcome code for newsletter sign-ups (% off)"
            error={error('welcomePercent')}
          >
            {(control) => (
              <input
                {...control}
                type="number"
                min={1}
                max={100}
                value={settings.welcomeDiscount.percent}
                onChange={(e) =>
                  setSettings({
                    ...settings,
                    welcomeDiscount: { ...settings.welcomeDiscount, percent: Number(e.target.value) },
                  })
                }
              />
            )}
          </Field>
          <label className="Field-inline">
            <input
              type="checkbox"
              checked={settings.welcomeDiscount.enabled}
              onChange={(e) =>
                setSettings({
                  ...settings,
                  welcomeDiscount: { ...settings.welcomeDiscount, enabled: e.target.checked },
                })
              }
            />{' '}
            Send a welcome code
          </label>
        </div>
      </div>
      <button type="submit" className="Button Button--primary" disabled={save.state.status === 'saving'}>
        Save settings
      </button>
      <SaveStatus state={save.state} />
    </form>
  );
}
