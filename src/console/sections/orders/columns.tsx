/** The columns an order shows in a table, the same in the orders list and in a customer's profile. */
import { orderLabel, type Order } from '../../../commerce/order';
import { Link, moneyText, StatusLabel, type Column } from '../../ui';
import { dateTimeText, ORDER_STATUS_LABELS, refundLabel } from './format';
import { ORDERS_ROOT } from './paths';

export const ORDER_COLUMN = {
  number: {
    key: 'number',
    label: 'Order',
    primary: true,
    render: (o) => <Link to={`${ORDERS_ROOT}/${encodeURIComponent(o.id)}`}>{orderLabel(o)}</Link>,
  },
  date: { key: 'date', label: 'Date', render: (o) => dateTimeText(o.createdOn) },
  status: {
    key: 'status',
    label: 'Status',
    render: (o) => (
      <>
        <StatusLabel tone={ORDER_STATUS_LABELS[o.status].tone}>{ORDER_STATUS_LABELS[o.status].label}</StatusLabel>
        {refundLabel(o) !== null && <StatusLabel tone="warning">{refundLabel(o)}</StatusLabel>}
      </>
    ),
  },
  total: { key: 'total', label: 'Total', align: 'end', render: (o) => moneyText(o.grandTotalCents, o.currencyCode) },
} satisfies Record<string, Column<Order>>;
