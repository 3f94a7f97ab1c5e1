/**
 * An order's download links (src/commerce/downloads.ts), on the order status page and in the account's
 * order history: a Download link per digital line with the downloads left and the end date, or why
 * it gives no file any more.
 */
import { fill } from '../../commerce/storefront-text';
import type { OrderDownload } from '../../commerce/downloads';
import { usePurchaseText } from '../use-purchase-text';

export function OrderDownloads({
  downloads,
  locale,
}: {
  downloads: readonly OrderDownload[] | undefined;
  locale: string;
}) {
  const text = usePurchaseText();
  if (downloads === undefined || downloads.length === 0) return null;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const refused = {
    'used-up': text['downloads.usedUp'],
    expired: text['downloads.expired'],
    revoked: text['downloads.revoked'],
  } as const;
  return (
    <ul className="OrderDownloads" aria-label={text['downloads.title']}>
      {downloads.map((download) => (
        <li key={download.line} className="OrderDownloads-item">
          <span className="OrderDownloads-title">{download.title}</span>
          {download.state === 'ok' ? (
            <>
              <a className="OrderDownloads-link" href={download.url} download>
                {text['downloads.download']}
                <span className="visually-hidden"> {download.title}</span>
              </a>
              <span className="OrderDownloads-left">
                {download.downloadsLeft === 1
                  ? text['downloads.leftOne']
                  : fill(text['downloads.left'], { count: download.downloadsLeft })}
                {' · '}
                {fill(text['downloads.until'], { date: date.format(download.expiresOn) })}
              </span>
            </>
          ) : (
            <span className="OrderDownloads-left">{refused[download.state]}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
