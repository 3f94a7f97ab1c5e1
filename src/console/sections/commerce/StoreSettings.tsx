/** The store's currency and checkout settings: minimum order, prices with tax, payment window, welcome code. */
import { useEffect, useState, type FormEvent } from 'react';
import type { StoreSettings } from '../../../commerce/checkout-totals';
import {
  consoleApi,
  describedBy,
  FetchStatus,
  FieldError,
  moneyInput,
  parseMoneyInput,
  SaveStatus,
  useFetch,
  useSave,
} from '../../ui';
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
      <div className="Field-row">
        <div className="Field">
          <label htmlFor="store-currency">Currency</label>
          <select
            id="store-currency"
            value={currency}
            onChange={(e) => setCurrency(e.target.value)}
            {...describedBy('store-currency-error', error('currency'))}
          >
            {[...new Set([stored.currency, ...CURRENCIES])].map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <p className="Field-hint">Prices keep their amounts; only the currency changes.</p>
          <FieldError id="store-currency-error" message={error('currency')} />
        </div>
        <div className="Field">
          <label htmlFor="store-minimum">Minimum order subtotal</label>
          <input
            id="store-minimum"
            type="text"
            inputMode="decimal"
            value={minimum}
            onChange={(e) => setMinimum(e.target.value)}
            {...describedBy('store-minimum-error', error('minimum'))}
          />
          <p className="Field-hint">0 for no minimum.</p>
          <FieldError id="store-minimum-error" message={error('minimum')} />
        </div>
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
        <div className="Field">
          <label htmlFor="store-reservation">Payment window (minutes)</label>
          <input
            id="store-reservation"
            type="number"
            min={1}
            max={120}
            value={settings.reservationMinutes}
            onChange={(e) => setSettings({ ...settings, reservationMinutes: Number(e.target.value) })}
            {...describedBy('store-reservation-error', error('reservationMinutes'))}
          />
          <p className="Field-hint">
            How long a placed order's items are held while the shopper pays, card authentication included. Nothing is
            held before the order is placed; an order not paid in time is cancelled.
          </p>
          <FieldError id="store-reservation-error" message={error('reservationMinutes')} />
        </div>
        <div className="Field">
          <label htmlFor="store-welcome">Welcome code for newsletter sign-ups (% off)</label>
          <input
            id="store-welcome"
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
            {...describedBy('store-welcome-error', error('welcomePercent'))}
          />
          <FieldError id="store-welcome-error" message={error('welcomePercent')} />
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
