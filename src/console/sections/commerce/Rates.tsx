/** Shipping rates and tax rates: listed, added, edited and removed (with the confirm modal). */
import { useState, type FormEvent, type ReactNode } from 'react';
import { COUNTRIES, countryName } from '../../../commerce/address';
import { unshippedCountries, type ShippingRate } from '../../../commerce/shipping';
import { subdivisionName, subdivisionsOf } from '../../../commerce/subdivisions';
import { RATE_PERCENT, type TaxRate } from '../../../commerce/tax';
import {
  consoleApi,
  DataTable,
  EditDeleteButtons,
  errorMessage,
  Field,
  moneyInput,
  moneyText,
  parseMoneyInput,
  SaveStatus,
  useConfirm,
  useFetch,
  useSave,
  type Column,
} from '../../ui';
import { api, type Call } from '../../../api';
import { serverFieldError } from '../orders/format';
import { placeName, PlacesPicker } from './PlacesPicker';

/** Rates are in the store's currency; the list shows it from the store answer. */
function useCurrency(): string {
  return useFetch(api.store.at()).data?.currency ?? 'USD';
}

/** A list of rates with an editor: shared by shipping and tax rates. */
function RateList<Rate extends { id: string; name: string }>({
  list,
  removeCall,
  plural,
  noun,
  columns,
  editor,
  notice,
}: {
  list: Call<Record<string, Rate[]>>;
  removeCall: (id: string) => Call;
  plural: string;
  noun: string;
  columns: Column<Rate>[];
  editor: (rate: Rate | null, done: () => void) => ReactNode;
  /** What the merchant should know about the rates as they stand (shown once they are loaded). */
  notice?: (rates: Rate[]) => ReactNode;
}) {
  const fetched = useFetch(list);
  const [editing, setEditing] = useState<Rate | null | 'new'>(null);
  const [error, setError] = useState('');
  const { confirm, modal } = useConfirm();
  const rates = fetched.data?.[plural] ?? [];
  const remove = async (rate: Rate) => {
    if (
      !(await confirm({
        title: `Delete ${noun} ${rate.name}?`,
        message: 'Checkout stops offering it at once.',
        confirmLabel: 'Delete',
        danger: true,
      }))
    )
      return;
    try {
      await consoleApi(removeCall(rate.id));
      fetched.reload();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const done = () => {
    setEditing(null);
    fetched.reload();
  };
  const actions: Column<Rate> = {
    key: 'actions',
    label: 'Actions',
    align: 'end',
    render: (rate) => (
      <EditDeleteButtons name={rate.name} onEdit={() => setEditing(rate)} onDelete={() => void remove(rate)} />
    ),
  };
  return (
    <>
      {fetched.state === 'failed' && (
        <p className="FieldError" role="alert">
          {errorMessage(fetched.error)}
        </p>
      )}
      {error !== '' && (
        <p className="FieldError" role="alert">
          {error}
        </p>
      )}
      {fetched.data !== undefined && notice?.(rates)}
      <DataTable
        caption={plural}
        columns={[...columns, actions]}
        rows={rates}
        rowKey={(r) => r.id}
        empty={fetched.state === 'pending' ? 'Loading…' : `No ${noun}s yet.`}
      />
      {editing === null ? (
        <p>
          <button type="button" className="Button Button--primary" onClick={() => setEditing('new')}>
            Add {noun}
          </button>
        </p>
      ) : (
        editor(editing === 'new' ? null : editing, done)
      )}
      {modal}
    </>
  );
}

function EditorCard({
  title,
  onSubmit,
  onCancel,
  saving,
  children,
  state,
}: {
  title: string;
  onSubmit: (e: FormEvent) => void;
  onCancel: () => void;
  saving: boolean;
  children: ReactNode;
  state: ReturnType<typeof useSave>['state'];
}) {
  return (
    <form className="Card" onSubmit={onSubmit} noValidate aria-label={title}>
      <h2>{title}</h2>
      {children}
      <div className="Toolbar">
        <button type="submit" className="Button Button--primary" disabled={saving}>
          Save
        </button>
        <button type="button" className="Button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <SaveStatus state={state} />
    </form>
  );
}

function ShippingRateEditor({
  rate,
  currency,
  done,
}: {
  rate: ShippingRate | null;
  currency: string;
  done: () => void;
}) {
  const [name, setName] = useState(rate?.name ?? '');
  const [places, setPlaces] = useState<string[]>(rate?.regions ?? []);
  const [method, setMethod] = useState<ShippingRate['method']>(rate?.method ?? 'flat');
  const [amount, setAmount] = useState(moneyInput(rate?.amountCents ?? 0, currency));
  const [perKg, setPerKg] = useState(moneyInput(rate?.perKgCents ?? 0, currency));
  const [freeOver, setFreeOver] = useState(rate?.freeOverCents == null ? '' : moneyInput(rate.freeOverCents, currency));
  const [fields, setFields] = useState<Record<string, string>>({});
  const save = useSave();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: name.trim(),
      regions: places,
      method,
      amountCents: parseMoneyInput(amount, currency),
      perKgCents: parseMoneyInput(perKg, currency),
      freeOverCents: freeOver.trim() === '' ? null : parseMoneyInput(freeOver, currency),
    };
    const problems: Record<string, string> = {};
    if (body.name === '') problems.name = 'Enter a name';
    if (body.amountCents === null) problems.amountCents = 'Enter an amount such as 5.00';
    if (body.perKgCents === null) problems.perKgCents = 'Enter an amount such as 1.00';
    if (freeOver.trim() !== '' && body.freeOverCents === null)
      problems.freeOverCents = 'Enter an amount, or leave it empty';
    setFields(problems);
    const { amountCents, perKgCents } = body;
    if (Object.keys(problems).length > 0 || amountCents === null || perKgCents === null) return;
    const sent = { ...body, amountCents, perKgCents };
    const saved = await save.run(() =>
      rate === null ? consoleApi(api.addShippingRate.at(), sent) : consoleApi(api.saveShippingRate.at(rate.id), sent),
    );
    if (saved !== undefined) done();
  };
  const error = (key: string) => fields[key] ?? serverFieldError(save.state, key);
  return (
    <EditorCard
      title={rate === null ? 'New shipping rate' : `Edit ${rate.name}`}
      onSubmit={(e) => void submit(e)}
      onCancel={done}
      saving={save.state.status === 'saving'}
      state={save.state}
    >
      <Field id="rate-name" label="Name" description="Shoppers see it at checkout." error={error('name')}>
        {(control) => (
          <input {...control} type="text" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        )}
      </Field>
      <Field
        id="rate-regions"
        label="Ships to"
        description="Countries, or states and provinces of them. None: everywhere."
        error={error('regions')}
      >
        {(control) => <PlacesPicker places={places} onChange={setPlaces} control={control} />}
      </Field>
      <div className="Field-row">
        <Field id="rate-method" label="Price">
          {(control) => (
            <select {...control} value={method} onChange={(e) => setMethod(e.target.value as ShippingRate['method'])}>
              <option value="flat">Flat rate</option>
              <option value="weight">By weight</option>
            </select>
          )}
        </Field>
        <Field
          id="rate-amount"
          label={method === 'flat' ? `Amount (${currency})` : `Base amount (${currency})`}
          error={error('amountCents')}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          )}
        </Field>
        {method === 'weight' && (
          <Field id="rate-per-kg" label={`Per kg (${currency})`} error={error('perKgCents')}>
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="decimal"
                value={perKg}
                onChange={(e) => setPerKg(e.target.value)}
              />
            )}
          </Field>
        )}
        <Field
          id="rate-free-over"
          label={`Free over (${currency})`}
          description="Empty: never free."
          error={error('freeOverCents')}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="decimal"
              value={freeOver}
              onChange={(e) => setFreeOver(e.target.value)}
            />
          )}
        </Field>
      </div>
    </EditorCard>
  );
}

/** Who cannot buy physical products as the rates stand: every shopper, or those in the checkout's countries no rate ships to. */
export function ShippingWarning({ rates }: { rates: readonly ShippingRate[] }) {
  const unshipped = unshippedCountries(
    rates,
    COUNTRIES.map(([code]) => code),
  );
  if (unshipped.length === 0) return null;
  return (
    <div className="Warning" role="status">
      {rates.length === 0 ? (
        <p>No shipping rates: shoppers cannot buy physical products. Add a rate for the places you ship to.</p>
      ) : (
        <p>No rate ships to {unshipped.map(countryName).join(', ')}: shoppers there cannot buy physical products.</p>
      )}
    </div>
  );
}

export function ShippingRates() {
  const currency = useCurrency();
  const columns: Column<ShippingRate>[] = [
    { key: 'name', label: 'Name', primary: true, render: (r) => r.name },
    {
      key: 'regions',
      label: 'Ships to',
      underNameOnPhone: true,
      render: (r) => (r.regions.length === 0 ? 'Everywhere' : r.regions.map(placeName).join('; ')),
    },
    {
      key: 'price',
      label: 'Price',
      underNameOnPhone: true,
      render: (r) =>
        r.method === 'flat'
          ? moneyText(r.amountCents, currency)
          : `${moneyText(r.amountCents, currency)} + ${moneyText(r.perKgCents, currency)}/kg`,
    },
    {
      key: 'free',
      label: 'Free over',
      underNameOnPhone: true,
      render: (r) => (r.freeOverCents === null ? '—' : moneyText(r.freeOverCents, currency)),
    },
  ];
  return (
    <RateList<ShippingRate>
      list={api.shippingRates.at()}
      removeCall={(id) => api.removeShippingRate.at(id)}
      plural="shippingRates"
      noun="shipping rate"
      columns={columns}
      editor={(rate, done) => <ShippingRateEditor rate={rate} currency={currency} done={done} />}
      notice={(rates) => <ShippingWarning rates={rates} />}
    />
  );
}

function TaxRateEditor({ rate, done }: { rate: TaxRate | null; done: () => void }) {
  const [name, setName] = useState(rate?.name ?? '');
  const [countryCode, setCountryCode] = useState(rate?.countryCode ?? '');
  const [region, setRegion] = useState(rate?.region ?? '');
  const [ratePercent, setRatePercent] = useState(rate?.ratePercent ?? '');
  const regions = subdivisionsOf(countryCode);
  const [fields, setFields] = useState<Record<string, string>>({});
  const save = useSave();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: name.trim(),
      countryCode,
      region: region === '' ? null : region,
      ratePercent: ratePercent.trim(),
    };
    const problems: Record<string, string> = {};
    if (body.name === '') problems.name = 'Enter a name';
    if (body.countryCode === '') problems.countryCode = 'Choose a country';
    if (!RATE_PERCENT.test(body.ratePercent))
      problems.ratePercent = "Enter a percentage such as '8.875' (at most 4 decimals)";
    setFields(problems);
    if (Object.keys(problems).length > 0) return;
    const saved = await save.run(() =>
      rate === null ? consoleApi(api.addTaxRate.at(), body) : consoleApi(api.saveTaxRate.at(rate.id), body),
    );
    if (saved !== undefined) done();
  };
  const error = (key: string) => fields[key] ?? serverFieldError(save.state, key);
  return (
    <EditorCard
      title={rate === null ? 'New tax rate' : `Edit ${rate.name}`}
      onSubmit={(e) => void submit(e)}
      onCancel={done}
      saving={save.state.status === 'saving'}
      state={save.state}
    >
      <div className="Field-row">
        <Field id="tax-name" label="Name" description="Shoppers see it at checkout." error={error('name')}>
          {(control) => (
            <input {...control} type="text" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <Field id="tax-rate" label="Rate (%)" error={error('ratePercent')}>
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="decimal"
              value={ratePercent}
              onChange={(e) => setRatePercent(e.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="Field-row">
        <Field id="tax-country" label="Country" error={error('countryCode')}>
          {(control) => (
            <select
              {...control}
              value={countryCode}
              onChange={(e) => {
                setCountryCode(e.target.value);
                setRegion('');
              }}
            >
              <option value="">Choose a country…</option>
              {[...new Set([...(countryCode === '' ? [] : [countryCode]), ...COUNTRIES.map(([code]) => code)])].map(
                (code) => (
                  <option key={code} value={code}>
                    {countryName(code)}
                  </option>
                ),
              )}
            </select>
          )}
        </Field>
        <Field
          id="tax-region"
          label="State or region"
          description={
            regions.length === 0 ? 'This rate covers the whole country.' : 'The whole country, or one of its regions.'
          }
          error={error('region')}
        >
          {(control) => (
            <select
              {...control}
              value={region}
              onChange={(e) => setRegion(e.target.value)}
              disabled={regions.length === 0 && region === ''}
            >
              <option value="">{countryCode === '' ? 'Whole country' : `All of ${countryName(countryCode)}`}</option>
              {region !== '' && !regions.some(([code]) => code === region) && <option value={region}>{region}</option>}
              {regions.map(([code, regionName]) => (
                <option key={code} value={code}>
                  {regionName}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </EditorCard>
  );
}

export function TaxRates() {
  const columns: Column<TaxRate>[] = [
    { key: 'name', label: 'Name', primary: true, render: (r) => r.name },
    {
      key: 'place',
      label: 'Where',
      render: (r) =>
        r.region === null
          ? countryName(r.countryCode)
          : `${subdivisionName(r.countryCode, r.region)}, ${countryName(r.countryCode)}`,
    },
    { key: 'rate', label: 'Rate', align: 'end', render: (r) => `${r.ratePercent}%` },
  ];
  return (
    <RateList<TaxRate>
      list={api.taxRates.at()}
      removeCall={(id) => api.removeTaxRate.at(id)}
      plural="taxRates"
      noun="tax rate"
      columns={columns}
      editor={(rate, done) => <TaxRateEditor rate={rate} done={done} />}
    />
  );
}
