/** Discount codes: created, edited and deleted, each field checked here and by the server with its message beside it. */
import { useState, type FormEvent } from 'react';
import { DISCOUNT_CODE, type Discount } from '../../../commerce/discounts';
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
  StatusLabel,
  useConfirm,
  useFetch,
  useSave,
  type Column,
} from '../../ui';
import { api } from '../../../api';
import { serverFieldError } from '../orders/format';

const KIND_LABELS: Record<Discount['kind'], string> = {
  percentage: 'Percentage off',
  fixed: 'Amount off',
  freeShipping: 'Free shipping',
};

function dayInput(ms: number | null): string {
  return ms === null ? '' : new Date(ms).toISOString().slice(0, 10);
}

function dayOf(text: string): number | null {
  return text === '' ? null : Date.parse(`${text}T00:00:00Z`);
}

function DiscountEditor({
  discount,
  currency,
  done,
}: {
  discount: Discount | null;
  currency: string;
  done: () => void;
}) {
  const [code, setCode] = useState(discount?.code ?? '');
  const [kind, setKind] = useState<Discount['kind']>(discount?.kind ?? 'percentage');
  const [percent, setPercent] = useState(discount?.percent?.toString() ?? '');
  const [amount, setAmount] = useState(discount?.amountCents == null ? '' : moneyInput(discount.amountCents, currency));
  const [minimum, setMinimum] = useState(moneyInput(discount?.minimumSubtotalCents ?? 0, currency));
  const [startsOn, setStartsOn] = useState(dayInput(discount?.startsOn ?? null));
  const [endsOn, setEndsOn] = useState(dayInput(discount?.endsOn ?? null));
  const [usageLimit, setUsageLimit] = useState(discount?.usageLimit?.toString() ?? '');
  const [fields, setFields] = useState<Record<string, string>>({});
  const save = useSave();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      code: code.trim().toUpperCase(),
      kind,
      percent: kind === 'percentage' ? Number(percent) : null,
      amountCents: kind === 'fixed' ? parseMoneyInput(amount, currency) : null,
      minimumSubtotalCents: parseMoneyInput(minimum, currency),
      startsOn: dayOf(startsOn),
      endsOn: dayOf(endsOn),
      usageLimit: usageLimit.trim() === '' ? null : Number(usageLimit),
    };
    const problems: Record<string, string> = {};
    if (!DISCOUNT_CODE.test(body.code)) problems.code = 'Use 3 to 32 letters, digits, - or _';
    if (
      kind === 'percentage' &&
      (!Number.isInteger(body.percent) || (body.percent ?? 0) < 1 || (body.percent ?? 0) > 100)
    )
      problems.percent = 'Enter a whole percentage from 1 to 100';
    if (kind === 'fixed' && (body.amountCents === null || body.amountCents === 0))
      problems.amountCents = 'Enter an amount such as 5.00';
    if (body.minimumSubtotalCents === null) problems.minimumSubtotalCents = 'Enter an amount such as 25.00, or 0';
    if (body.startsOn !== null && body.endsOn !== null && body.endsOn <= body.startsOn)
      problems.endsOn = 'The end must be after the start';
    if (body.usageLimit !== null && (!Number.isInteger(body.usageLimit) || body.usageLimit < 1))
      problems.usageLimit = 'Enter a whole number of at least 1, or leave it empty';
    setFields(problems);
    const { minimumSubtotalCents } = body;
    if (Object.keys(problems).length > 0 || minimumSubtotalCents === null) return;
    const sent = { ...body, minimumSubtotalCents };
    const saved = await save.run(() =>
      discount === null ? consoleApi(api.addDiscount.at(), sent) : consoleApi(api.saveDiscount.at(discount.code), sent),
    );
    if (saved !== undefined) done();
  };
  const error = (key: string) =>
    fields[key] ??
    serverFieldError(save.state, key) ??
    (key === 'code' && save.state.status === 'error' && /code/i.test(save.state.message)
      ? save.state.message
      : undefined);
  return (
    <form
      className="Card"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={discount === null ? 'New discount code' : `Edit ${discount.code}`}
    >
      <h2>{discount === null ? 'New discount code' : `Edit ${discount.code}`}</h2>
      <div className="Field-row">
        <Field id="discount-code" label="Code" error={error('code')}>
          {(control) => (
            <input
              {...control}
              type="text"
              value={code}
              maxLength={32}
              readOnly={discount !== null}
              onChange={(e) => setCode(e.target.value)}
            />
          )}
        </Field>
        <Field id="discount-kind" label="Type">
          {(control) => (
            <select {...control} value={kind} onChange={(e) => setKind(e.target.value as Discount['kind'])}>
              {Object.entries(KIND_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {kind === 'percentage' && (
          <Field id="discount-percent" label="Percent off" error={error('percent')}>
            {(control) => (
              <input
                {...control}
                type="number"
                min={1}
                max={100}
                value={percent}
                onChange={(e) => setPercent(e.target.value)}
              />
            )}
          </Field>
        )}
        {kind === 'fixed' && (
          <Field id="discount-amount" label={`Amount off (${currency})`} error={error('amountCents')}>
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
        )}
      </div>
      <div className="Field-row">
        <Field id="discount-minimum" label={`Minimum subtotal (${currency})`} error={error('minimumSubtotalCents')}>
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
        <Field id="discount-starts" label="Starts (optional)" error={error('startsOn')}>
          {(control) => (
            <input {...control} type="date" value={startsOn} onChange={(e) => setStartsOn(e.target.value)} />
          )}
        </Field>
        <Field id="discount-ends" label="Ends (optional)" error={error('endsOn')}>
          {(control) => <input {...control} type="date" value={endsOn} onChange={(e) => setEndsOn(e.target.value)} />}
        </Field>
        <Field id="discount-limit" label="Usage limit (optional)" error={error('usageLimit')}>
          {(control) => (
            <input
              {...control}
              type="number"
              min={1}
              value={usageLimit}
              onChange={(e) => setUsageLimit(e.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="Toolbar">
        <button type="submit" className="Button Button--primary" disabled={save.state.status === 'saving'}>
          Save code
        </button>
        <button type="button" className="Button" onClick={done}>
          Cancel
        </button>
      </div>
      <SaveStatus state={save.state} />
    </form>
  );
}

export function Discounts() {
  const fetched = useFetch(api.discounts.at());
  const currency = useFetch(api.store.at()).data?.currency ?? 'USD';
  const [editing, setEditing] = useState<Discount | 'new' | null>(null);
  const [error, setError] = useState('');
  const { confirm, modal } = useConfirm();
  const remove = async (discount: Discount) => {
    if (
      !(await confirm({
        title: `Delete ${discount.code}?`,
        message: 'Shoppers can no longer use this code.',
        confirmLabel: 'Delete',
        danger: true,
      }))
    )
      return;
    try {
      await consoleApi(api.removeDiscount.at(discount.code));
      fetched.reload();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const columns: Column<Discount>[] = [
    { key: 'code', label: 'Code', primary: true, render: (d) => <code>{d.code}</code> },
    {
      key: 'value',
      label: 'Discount',
      render: (d) =>
        d.kind === 'percentage'
          ? `${d.percent ?? 0}% off`
          : d.kind === 'fixed'
            ? `${moneyText(d.amountCents ?? 0, currency)} off`
            : 'Free shipping',
    },
    {
      key: 'minimum',
      label: 'Minimum',
      render: (d) => (d.minimumSubtotalCents === 0 ? '—' : moneyText(d.minimumSubtotalCents, currency)),
    },
    {
      key: 'uses',
      label: 'Used',
      align: 'end',
      render: (d) => (d.usageLimit === null ? String(d.uses) : `${d.uses} of ${d.usageLimit}`),
    },
    {
      key: 'state',
      label: 'Status',
      render: (d) => {
        const now = Date.now();
        if (d.endsOn !== null && d.endsOn <= now) return <StatusLabel>Ended</StatusLabel>;
        if (d.startsOn !== null && d.startsOn > now) return <StatusLabel tone="info">Scheduled</StatusLabel>;
        if (d.usageLimit !== null && d.uses >= d.usageLimit) return <StatusLabel tone="warning">Used up</StatusLabel>;
        return <StatusLabel tone="success">Active</StatusLabel>;
      },
    },
    {
      key: 'actions',
      label: 'Actions',
      align: 'end',
      render: (d) => <EditDeleteButtons name={d.code} onEdit={() => setEditing(d)} onDelete={() => void remove(d)} />,
    },
  ];
  const discounts = (fetched.data?.discounts ?? []).filter((d) => d.singleUseFor === null);
  return (
    <>
      {(fetched.state === 'failed' || error !== '') && (
        <p className="FieldError" role="alert">
          {error !== '' ? error : errorMessage(fetched.error)}
        </p>
      )}
      <DataTable
        caption="Discount codes"
        columns={columns}
        rows={discounts}
        rowKey={(d) => d.code}
        empty={fetched.state === 'pending' ? 'Loading…' : 'No discount codes yet.'}
      />
      {editing === null ? (
        <p>
          <button type="button" className="Button Button--primary" onClick={() => setEditing('new')}>
            Create discount code
          </button>
        </p>
      ) : (
        <DiscountEditor
          key={editing === 'new' ? 'new' : editing.code}
          discount={editing === 'new' ? null : editing}
          currency={currency}
          done={() => {
            setEditing(null);
            fetched.reload();
          }}
        />
      )}
      {modal}
    </>
  );
}
