/**
 * The refund dialog (docs/merchant.md, "Refunds"): how many of each line to refund, each with its
 * restock choice (ticked while the order is unshipped), and the amount, proposed from the chosen
 * lines (src/commerce/refunds.ts) and editable up to what is left, with where it goes (the card
 * first, then the gift card that paid part of the order). One Idempotency-Key per dialog, so a
 * retried click refunds once.
 */
import { useId, useState, type FormEvent } from 'react';
import { api } from '../../../api';
import { orderLabel, type Order } from '../../../commerce/order';
import { refundableCents, splitRefund, suggestedRefundCents, unitsLeft } from '../../../commerce/refunds';
import { consoleApi, errorMessage, FieldError, moneyInput, moneyText, parseMoneyInput } from '../../ui';
import { useModalDialog } from '../../ui/useModalDialog';

export function RefundDialog({
  order,
  onDone,
  onCancel,
}: {
  order: Order;
  onDone: (order: Order) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const dialog = useModalDialog();
  const [key] = useState(() => crypto.randomUUID());
  const left = refundableCents(order);
  const [lines, setLines] = useState(() =>
    order.entries.map((_, line) => ({ line, quantity: unitsLeft(order, line), restock: order.status !== 'fulfilled' })),
  );
  // The proposed amount follows the chosen lines until the merchant types their own.
  const [amountText, setAmountText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const money = (cents: number) => moneyText(cents, order.currencyCode);
  const chosen = lines.filter((l) => l.quantity > 0);
  const proposed = suggestedRefundCents(order, chosen);
  const amount = amountText === null ? proposed : parseMoneyInput(amountText, order.currencyCode);
  const split = amount === null ? null : splitRefund(order, amount);
  const amountError =
    amount === null
      ? 'Enter an amount such as 12.50'
      : amount > left
        ? `Only ${money(left)} is left to refund.`
        : undefined;

  const setLine = (line: number, change: Partial<{ quantity: number; restock: boolean }>) =>
    setLines((all) => all.map((l) => (l.line === line ? { ...l, ...change } : l)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (amount === null || amountError !== undefined || busy) return;
    if (amount === 0 && chosen.length === 0) {
      setError('Choose items or an amount to refund.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      const answer = await consoleApi(
        api.refundOrder.at(order.id),
        { lines: chosen, amountCents: amount },
        { 'Idempotency-Key': key },
      );
      onDone(answer.order);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      className="ConfirmModal RefundDialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <form className="ConfirmModal-body" onSubmit={(e) => void submit(e)} noValidate>
        <h2 id={`${id}-title`}>Refund order {orderLabel(order)}?</h2>
        <p id={`${id}-message`}>
          {order.giftCardCents > 0
            ? 'The amount goes back to the customer’s card first, then onto the gift card that paid part of the order.'
            : 'The amount goes back to the customer’s card.'}{' '}
          {order.status === 'fulfilled'
            ? 'The order stays fulfilled: nothing shipped is recalled.'
            : 'The order is not cancelled and stays unfulfilled.'}{' '}
          This cannot be undone.
        </p>
        <table className="RefundLines">
          <caption className="visually-hidden">Items to refund</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Quantity</th>
              <th scope="col">Restock</th>
            </tr>
          </thead>
          <tbody>
            {order.entries.map((entry, line) => {
              const most = unitsLeft(order, line);
              const chosenLine = lines[line];
              const options = Object.values(entry.attributes).join(', ');
              return (
                <tr key={`${entry.sku}-${line}`}>
                  <th scope="row">
                    {entry.title}
                    {options !== '' && <span className="Muted"> {options}</span>}
                    <span className="Muted RefundLines-price"> {money(entry.unitPriceCents)} each</span>
                  </th>
                  <td className="RefundLines-quantity">
                    <label className="visually-hidden" htmlFor={`${id}-qty-${line}`}>
                      Quantity of {entry.title} to refund
                    </label>
                    <input
                      id={`${id}-qty-${line}`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={most}
                      value={chosenLine?.quantity ?? 0}
                      disabled={most === 0}
                      onChange={(e) =>
                        setLine(line, {
                          quantity: Math.max(0, Math.min(most, Math.trunc(Number(e.target.value) || 0))),
                        })
                      }
                    />{' '}
                    <span className="Muted">of {most}</span>
                  </td>
                  <td>
                    <label className="Field-inline">
                      <input
                        type="checkbox"
                        checked={chosenLine?.restock ?? false}
                        disabled={most === 0}
                        onChange={(e) => setLine(line, { restock: e.target.checked })}
                      />
                      <span className="visually-hidden">Put {entry.title} back into stock</span>
                    </label>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <div className="Field">
          <label htmlFor={`${id}-amount`}>Amount to refund ({order.currencyCode})</label>
          <input
            id={`${id}-amount`}
            type="text"
            inputMode="decimal"
            value={amountText ?? moneyInput(proposed, order.currencyCode)}
            onChange={(e) => setAmountText(e.target.value)}
            aria-invalid={amountError === undefined ? undefined : true}
            aria-describedby={`${amountError === undefined ? '' : `${id}-amount-error `}${id}-amount-hint`}
          />
          <p id={`${id}-amount-hint`} className="Field-hint">
            {money(left)} left to refund. The items chosen come to {money(proposed)} after discounts, with tax; choosing
            every item proposes all that is left, shipping included.
          </p>
          {order.giftCardCents > 0 && split !== null && amountError === undefined && (
            <p className="Field-hint RefundDialog-split" aria-live="polite">
              {money(split.cardCents)} to the card, {money(split.giftCardCents)} onto the gift card.
            </p>
          )}
          <FieldError id={`${id}-amount-error`} message={amountError} />
        </div>
        <div role="alert">{error !== '' && <p className="FieldError">{error}</p>}</div>
        <div className="ConfirmModal-actions">
          <button type="button" className="Button" onClick={onCancel} disabled={busy}>
            Keep order
          </button>
          <button type="submit" className="Button Button--critical" disabled={busy} aria-busy={busy}>
            {busy ? 'Refunding…' : `Refund ${amount === null ? '' : money(amount)}`.trim()}
          </button>
        </div>
      </form>
    </dialog>
  );
}
