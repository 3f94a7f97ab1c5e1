/**
 * The restock section: sign-up groups (a product variant and how many wait for it) and each
 * group's sign-ups, both paged; sending the back-in-stock emails for one group or for every group
 * with pending sign-ups, after the confirm modal, with progress (storefront spec §7 calls). A group
 * names its variant by its options and says whether it is in stock: only in-stock variants are sent.
 */
import { useState } from 'react';
import type { SectionProps } from '../../section-types';
import {
  Breadcrumbs,
  consoleApi,
  DataTable,
  errorMessage,
  FetchStatus,
  Link,
  StatusLabel,
  useConfirm,
  usePaged,
  type Column,
} from '../../ui';
import { api, type SignUp, type SignUpGroup } from '../../../api';
import { dateTimeText } from '../orders/format';

export const RESTOCK_ROOT = '/config/restock';
/** The send-all call takes at most this many variants. */
const SEND_BATCH = 100;

const inStock = (g: SignUpGroup) => g.available === null || g.available > 0;

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function Groups({ canSend }: { canSend: boolean }) {
  const groups = usePaged(api.restockGroups.at(), (page) => page.signUpGroups);
  const { confirm, close, modal } = useConfirm(false);
  const [progress, setProgress] = useState('');
  const [failure, setFailure] = useState('');

  const send = async (targets: SignUpGroup[]) => {
    const waiting = targets.reduce((sum, g) => sum + g.pendingCount, 0);
    const title =
      targets.length === 1
        ? `Email ${plural(waiting, 'person', 'people')} that ${targets[0]?.productTitle ?? ''} is back?`
        : `Email everyone waiting (${plural(waiting, 'person', 'people')})?`;
    const confirmed = await confirm({
      title,
      message: 'Each of them gets one back-in-stock email with a link to the product. This cannot be undone.',
      confirmLabel: 'Send emails',
    });
    if (!confirmed) return;
    setFailure('');
    let queued = 0;
    let soldOut = 0;
    try {
      if (targets.length === 1 && targets[0] !== undefined) {
        setProgress('Sending…');
        queued = (
          await consoleApi(api.sendRestock.at(), {
            productId: targets[0].productId,
            variantId: targets[0].variantId,
          })
        ).queued;
      }
      for (let start = 0; targets.length > 1 && start < targets.length; start += SEND_BATCH) {
        setProgress(`Sending… ${start} of ${targets.length} products done`);
        const sendRequests = targets
          .slice(start, start + SEND_BATCH)
          .map((g) => ({ productId: g.productId, variantId: g.variantId }));
        const answer = await consoleApi(api.sendAllRestock.at(), {
          sendRequests,
        });
        queued += answer.queued;
        soldOut += answer.soldOut;
      }
      setProgress(
        `${plural(queued, 'email', 'emails')} queued for sending.${soldOut > 0 ? ` ${plural(soldOut, 'variant is', 'variants are')} still sold out and waiting.` : ''}`,
      );
    } catch (error) {
      setProgress('');
      setFailure(
        `${errorMessage(error)}${queued > 0 ? ` (${plural(queued, 'email was', 'emails were')} queued before this.)` : ''}`,
      );
    } finally {
      close();
      void groups.load(null);
    }
  };

  const columns: Column<SignUpGroup>[] = [
    {
      key: 'product',
      label: 'Product',
      primary: true,
      render: (g) => (
        <Link to={`${RESTOCK_ROOT}/${encodeURIComponent(g.productId)}/${encodeURIComponent(g.variantId)}`}>
          {g.productTitle}
        </Link>
      ),
    },
    {
      key: 'variant',
      label: 'Variant',
      render: (g) => (g.variantLabel === '' ? <span className="Muted">—</span> : g.variantLabel),
    },
    {
      key: 'stock',
      label: 'Stock',
      render: (g) =>
        inStock(g) ? (
          <StatusLabel tone="success">{g.available === null ? 'In stock' : `${g.available} in stock`}</StatusLabel>
        ) : (
          <StatusLabel tone="critical">Sold out</StatusLabel>
        ),
    },
    { key: 'pending', label: 'Waiting', align: 'end', render: (g) => g.pendingCount },
    { key: 'total', label: 'All sign-ups', align: 'end', render: (g) => g.totalCount },
    ...(canSend
      ? [
          {
            key: 'send',
            label: 'Send',
            align: 'end' as const,
            render: (g: SignUpGroup) => (
              <button
                type="button"
                className="Button Button--small"
                disabled={g.pendingCount === 0 || !inStock(g)}
                title={inStock(g) ? undefined : 'Add stock before emailing: it is still sold out.'}
                onClick={() => void send([g])}
                aria-label={`Send emails for ${g.productTitle}${g.variantLabel === '' ? '' : `, ${g.variantLabel}`}`}
              >
                Send
              </button>
            ),
          },
        ]
      : []),
  ];
  const pending = groups.items.filter((g) => g.pendingCount > 0 && inStock(g));
  const waitingSoldOut = groups.items.some((g) => g.pendingCount > 0 && !inStock(g));
  return (
    <div className="Page">
      <header className="PageHeader">
        <h1>Restock notifications</h1>
        {canSend && (
          <div className="PageHeader-actions">
            <button
              type="button"
              className="Button Button--primary"
              disabled={pending.length === 0}
              onClick={() => void send(pending)}
            >
              Send all
            </button>
          </div>
        )}
      </header>
      <p className="SaveStatus" role="status" aria-live="polite">
        {progress}
      </p>
      {failure !== '' && (
        <p className="FieldError" role="alert">
          {failure}
        </p>
      )}
      <FetchStatus fetched={groups.fetched} />
      <DataTable
        caption="Restock sign-up groups"
        columns={columns}
        rows={groups.items}
        rowKey={(g) => `${g.productId}/${g.variantId}`}
        hasMore={groups.cursor !== null}
        loadingMore={groups.loading && groups.items.length > 0}
        onLoadMore={() => void groups.load(groups.cursor)}
        empty={groups.loading ? 'Loading…' : 'Nobody is waiting for a sold-out product.'}
      />
      {canSend && waitingSoldOut && (
        <p className="Muted">
          Variants still sold out cannot be sent: add stock first, and the people waiting are emailed when it comes
          back.
        </p>
      )}
      {!canSend && (
        <p className="Muted">Your role can see sign-ups; a store manager or administrator sends the emails.</p>
      )}
      {modal}
    </div>
  );
}

function SignUps({ productId, variantId }: { productId: string; variantId: string }) {
  const signUps = usePaged(api.restockSignUps.at({ productId, variantId }), (page) => page.signUps);
  const columns: Column<SignUp>[] = [
    { key: 'email', label: 'Email', primary: true, render: (s) => s.siteVisitorEmail },
    { key: 'created', label: 'Signed up', render: (s) => dateTimeText(s.createdOn) },
    { key: 'list', label: 'Mailing list', render: (s) => (s.isJoinMailingList ? 'Joined' : '—') },
    {
      key: 'state',
      label: 'Status',
      render: (s) =>
        s.notifiedOn === null ? (
          <StatusLabel tone="warning">Waiting</StatusLabel>
        ) : (
          <StatusLabel tone="success">Emailed {dateTimeText(s.notifiedOn)}</StatusLabel>
        ),
    },
  ];
  return (
    <div className="Page">
      <Breadcrumbs items={[{ label: 'Restock notifications', to: RESTOCK_ROOT }, { label: 'Sign-ups' }]} />
      <header className="PageHeader">
        <h1>Sign-ups</h1>
      </header>
      <FetchStatus fetched={signUps.fetched} />
      <DataTable
        caption="Sign-ups for this variant"
        columns={columns}
        rows={signUps.items}
        rowKey={(s) => String(s.id)}
        hasMore={signUps.cursor !== null}
        loadingMore={signUps.loading && signUps.items.length > 0}
        onLoadMore={() => void signUps.load(signUps.cursor)}
        empty={signUps.loading ? 'Loading…' : 'No sign-ups.'}
      />
    </div>
  );
}

export default function RestockSection({ path, session }: SectionProps) {
  const [productId, variantId] = path;
  return productId !== undefined && variantId !== undefined ? (
    <SignUps productId={productId} variantId={variantId} />
  ) : (
    <Groups canSend={session.can.commerce} />
  );
}
