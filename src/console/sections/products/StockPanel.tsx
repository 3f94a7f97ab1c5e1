/**
 * A product's stock as the stock ledger counts it (src/durable/stock.ts): each counted variant's on
 * hand, held by checkouts, available to shoppers and sold; "Adjust" adds or removes units or sets the
 * on-hand count, with a reason; "History" lists the variant's changes (sold, refunded, restocked,
 * edited) with who and when.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import {
  adjustmentProblem,
  STOCK_EVENT_LABELS,
  STOCK_REASONS,
  type StockEvent,
  type StockReason,
} from '../../../site/editor/stock-adjust';
import { api, type VariantStock } from '../../../api';
import { consoleApi } from '../../ui/api';
import { DialogActions } from '../../ui/DialogActions';
import { describedBy, FieldError } from '../../ui/FieldError';
import { FetchStatus } from '../../ui/Loaded';
import { SaveStatus, useSave } from '../../ui/SaveStatus';
import { useModalDialog } from '../../ui/useModalDialog';
import { dateTimeText } from '../orders/format';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

function eventText(event: StockEvent): string {
  const by = event.who ?? (event.ref?.startsWith('order:') ? 'Order' : 'Store');
  return event.reason === null ? by : `${by} · ${event.reason}`;
}

function AdjustDialog({
  productId,
  variant,
  onDone,
}: {
  productId: string;
  variant: VariantStock;
  onDone: (variants: VariantStock[] | null) => void;
}) {
  const dialog = useModalDialog();
  const amountField = useRef<HTMLInputElement>(null);
  // The dialog opens on the number to type (showModal would focus the first radio).
  useEffect(() => amountField.current?.focus(), []);
  const [mode, setMode] = useState<'add' | 'set'>('add');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<StockReason>('Received');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const { state, run, fieldError } = useSave();
  const name = variant.label === '' ? variant.sku : variant.label;
  const n = Number(amount);
  const after = amount.trim() === '' || !Number.isInteger(n) ? null : mode === 'set' ? n : variant.onHand + n;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The editor's own form is this one's ancestor in React's tree: its save must not run too.
    event.stopPropagation();
    const wrong = amount.trim() === '' ? adjustmentProblem(mode, Number.NaN) : adjustmentProblem(mode, n);
    if (wrong !== null) return setProblem(wrong);
    setProblem(undefined);
    const answer = await run(() =>
      consoleApi(api.adjustStock.at(productId), {
        sku: variant.sku,
        mode,
        amount: n,
        reason,
      }),
    );
    if (answer !== undefined) onDone(answer.variants);
  };
  const error = problem ?? fieldError('amount');
  // Outside the product editor's form in the page: a form inside a form would submit the wrong one.
  return createPortal(
    <dialog
      ref={dialog}
      className="ConfirmModal"
      aria-labelledby="adjust-title"
      onCancel={(event) => {
        event.preventDefault();
        onDone(null);
      }}
    >
      <form className="ConfirmModal-body" onSubmit={(event) => void submit(event)} noValidate>
        <h2 id="adjust-title">Adjust stock: {name}</h2>
        <p className="Muted">
          {variant.onHand} on hand, {variant.available} available.
        </p>
        <fieldset className="Field">
          <legend>Change</legend>
          <label className="Field-inline">
            <input type="radio" name="adjust-mode" checked={mode === 'add'} onChange={() => setMode('add')} />
            Add or remove (a negative number removes)
          </label>
          <label className="Field-inline">
            <input type="radio" name="adjust-mode" checked={mode === 'set'} onChange={() => setMode('set')} />
            Set on hand to
          </label>
        </fieldset>
        <div className="Field">
          <label htmlFor="adjust-amount">{mode === 'add' ? 'Units to add' : 'On hand'}</label>
          <input
            id="adjust-amount"
            ref={amountField}
            type="text"
            inputMode="numeric"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            {...describedBy('adjust-amount-error', error)}
          />
          <FieldError id="adjust-amount-error" message={error} />
          {after !== null && error === undefined && <p className="Field-hint">On hand after: {Math.max(0, after)}</p>}
        </div>
        <div className="Field">
          <label htmlFor="adjust-reason">Reason</label>
          <select id="adjust-reason" value={reason} onChange={(event) => setReason(event.target.value as StockReason)}>
            {STOCK_REASONS.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
        </div>
        <SaveStatus state={state} />
        <DialogActions
          onCancel={() => onDone(null)}
          submit="Save"
          busy={state.status === 'saving'}
          busyLabel="Saving…"
        />
      </form>
    </dialog>,
    document.body,
  );
}

function History({ events }: { events: StockEvent[] }) {
  if (events.length === 0) return <p className="Muted">No changes yet.</p>;
  return (
    <table className="StockHistory">
      <caption className="visually-hidden">Stock history</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Change</th>
          <th scope="col">Units</th>
          <th scope="col">On hand</th>
          <th scope="col">By</th>
        </tr>
      </thead>
      <tbody>
        {events.map((event, i) => (
          <tr key={i}>
            <td>{dateTimeText(event.at)}</td>
            <td>{STOCK_EVENT_LABELS[event.kind]}</td>
            <td className="Numeric">{signed(event.change)}</td>
            <td className="Numeric">{event.onHand}</td>
            <td>{eventText(event)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `refresh` changes when the product was saved (the form may have set counts); `onOnHand` tells the form the new counts. */
export function StockPanel({
  productId,
  refresh,
  onOnHand,
}: {
  productId: string;
  refresh: number;
  onOnHand: (onHand: Record<string, number>) => void;
}) {
  const [variants, setVariants] = useState<VariantStock[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [adjusting, setAdjusting] = useState<VariantStock | null>(null);
  const [announce, setAnnounce] = useState('');
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    setFailure(null);
    consoleApi(api.stock.at(productId)).then(
      (answer) => current && setVariants(answer.variants),
      (error: unknown) => current && setFailure(error),
    );
    return () => {
      current = false;
    };
  }, [productId, refresh, round]);

  if (variants === null)
    return (
      <FetchStatus
        fetched={{
          state: failure === null ? 'pending' : 'failed',
          error: failure,
          reload: () => setRound((n) => n + 1),
        }}
        loading="Loading stock…"
      />
    );
  if (variants.length === 0) return <p className="Muted">Every variant has unlimited stock.</p>;
  return (
    <div className="StockPanel">
      <p className="SaveStatus" role="status" aria-live="polite">
        {announce}
      </p>
      <ul className="StockPanel-list">
        {variants.map((variant) => {
          const name = variant.label === '' ? 'This product' : variant.label;
          return (
            <li key={variant.sku} className="StockPanel-variant">
              <div className="StockPanel-head">
                <strong>{name}</strong>
                <span className="Muted">SKU {variant.sku}</span>
              </div>
              <dl className="StockPanel-counts">
                <div>
                  <dt>On hand</dt>
                  <dd>{variant.onHand}</dd>
                </div>
                <div>
                  <dt>In checkouts</dt>
                  <dd>{variant.reserved}</dd>
                </div>
                <div>
                  <dt>Available</dt>
                  <dd>{variant.available}</dd>
                </div>
                <div>
                  <dt>Sold</dt>
                  <dd>{variant.sold}</dd>
                </div>
              </dl>
              <div className="StockPanel-actions">
                <button type="button" className="Button Button--small" onClick={() => setAdjusting(variant)}>
                  Adjust<span className="visually-hidden"> stock of {name}</span>
                </button>
              </div>
              <details className="StockPanel-history">
                <summary>
                  History<span className="visually-hidden"> of {name}</span>
                </summary>
                <History events={variant.history} />
              </details>
            </li>
          );
        })}
      </ul>
      {adjusting !== null && (
        <AdjustDialog
          productId={productId}
          variant={adjusting}
          onDone={(changed) => {
            const name = adjusting.label === '' ? adjusting.sku : adjusting.label;
            setAdjusting(null);
            if (changed === null) return;
            setVariants(changed);
            const now = changed.find((v) => v.sku === adjusting.sku);
            setAnnounce(now === undefined ? '' : `${name}: ${now.onHand} on hand, ${now.available} available.`);
            onOnHand(Object.fromEntries(changed.map((v) => [v.sku, v.onHand])));
          }}
        />
      )}
    </div>
  );
}
