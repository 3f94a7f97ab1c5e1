/** Changing the stock or the price of the selected products at once, in one call. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PRODUCT_MESSAGES } from '../../../site/editor/product-form';
import { api } from '../../../api';
import { consoleApi } from '../../ui/api';
import { describedBy, FieldError } from '../../ui/FieldError';
import { parseMoneyInput } from '../../ui/money';
import { SaveStatus, useSave } from '../../ui/SaveStatus';

export type BulkKind = 'stock' | 'price';

type Change =
  | { kind: 'stock'; mode: 'set' | 'add'; amount: number }
  | { kind: 'unlimited' }
  | { kind: 'price'; mode: 'set' | 'percent'; amount: number };

const MODES: Record<BulkKind, { value: string; label: string }[]> = {
  stock: [
    { value: 'set', label: 'Set stock to' },
    { value: 'add', label: 'Add to stock (a negative number takes away)' },
    { value: 'unlimited', label: 'Unlimited stock' },
  ],
  price: [
    { value: 'set', label: 'Set price to' },
    { value: 'percent', label: 'Change price by a percentage' },
  ],
};

export function BulkEditDialog({
  kind,
  ids,
  currency,
  onClose,
}: {
  kind: BulkKind;
  ids: string[];
  currency: string;
  onClose: (changed: boolean) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [mode, setMode] = useState(MODES[kind][0]?.value ?? 'set');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const { state, run, fieldError } = useSave();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const changeOf = (): Change | string => {
    if (kind === 'stock') {
      if (mode === 'unlimited') return { kind: 'unlimited' };
      const n = Number(amount);
      if (amount.trim() === '' || !Number.isInteger(n) || (mode === 'set' && n < 0)) return PRODUCT_MESSAGES.stock;
      return { kind: 'stock', mode: mode as 'set' | 'add', amount: n };
    }
    if (mode === 'set') {
      const units = parseMoneyInput(amount, currency);
      return units === null ? PRODUCT_MESSAGES.price : { kind: 'price', mode: 'set', amount: units };
    }
    const percent = Number(amount);
    return amount.trim() === '' || !Number.isInteger(percent) || percent < -100
      ? 'Enter a whole percentage, such as 10 or -15.'
      : { kind: 'price', mode: 'percent', amount: percent };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const change = changeOf();
    if (typeof change === 'string') return setProblem(change);
    setProblem(undefined);
    const done = await run(() => consoleApi(api.bulkEditProducts.at(), { ids, change }));
    if (done !== undefined) onClose(true);
  };
  const error = problem ?? fieldError('amount');
  const title = kind === 'stock' ? 'Edit stock' : 'Edit price';
  return (
    <dialog
      ref={dialog}
      className="ConfirmModal"
      aria-labelledby="bulk-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose(false);
      }}
    >
      <form className="ConfirmModal-body" onSubmit={(event) => void submit(event)}>
        <h2 id="bulk-title">{title}</h2>
        <p className="Muted">
          For {ids.length} selected {ids.length === 1 ? 'product' : 'products'}, every variant.
        </p>
        <fieldset className="Field">
          <legend>Change</legend>
          {MODES[kind].map((option) => (
            <label key={option.value} className="Field-inline">
              <input
                type="radio"
                name="bulk-mode"
                value={option.value}
                checked={mode === option.value}
                onChange={() => setMode(option.value)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        {mode !== 'unlimited' && (
          <div className="Field">
            <label htmlFor="bulk-amount">
              {kind === 'price' && mode === 'set'
                ? `Price (${currency})`
                : mode === 'percent'
                  ? 'Percentage'
                  : 'Quantity'}
            </label>
            <input
              id="bulk-amount"
              type="text"
              inputMode={mode === 'set' && kind === 'price' ? 'decimal' : 'numeric'}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              {...describedBy('bulk-amount-error', error)}
            />
            <FieldError id="bulk-amount-error" message={error} />
          </div>
        )}
        <SaveStatus state={state} />
        <div className="ConfirmModal-actions">
          <button type="button" className="Button" onClick={() => onClose(false)}>
            Cancel
          </button>
          <button type="submit" className="Button Button--primary" disabled={state.status === 'saving'}>
            Apply to {ids.length}
          </button>
        </div>
      </form>
    </dialog>
  );
}
