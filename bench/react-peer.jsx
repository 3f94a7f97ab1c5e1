/**
 * The React peer of a store's product page miss (issue 34: "miss CPU ≤ React renderToString of the same page"): a
 * worker that renders a comparable product page (header and navigation, gallery, title, price, variant pickers,
 * description, add-to-cart form, related products, footer) with React, `GET /string` by renderToString and
 * `GET /stream` by renderToReadableStream (Hydrogen's way), from data in the worker, as a miss renders from data the
 * isolate keeps. Comparable: about as many elements as our product page, and its inline stylesheet (`__PAGE_CSS__`,
 * the store page's own, given at build time) written as one raw string. Built by bench/miniflare.mjs (buildReactPeer).
 */
/* global __PAGE_CSS__ */
import { renderToReadableStream, renderToString } from 'react-dom/server.edge';

const NAV = ['Shop', 'Journal', 'About', 'Stockists', 'Contact', 'Gift cards'];
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const COLOURS = ['Natural', 'Indigo', 'Sage'];
const IMAGES = [1, 2, 3, 4].map((n) => ({ src: `/images/demo/linen-shirt-${n}.webp`, alt: `Linen shirt, view ${n}` }));
const RELATED = [
  'Wool sweater',
  'Oak board',
  'Beeswax candle',
  'Brass pen',
  'Linen apron',
  'Stoneware mug',
  'Canvas tote',
  'Recipe e-book',
  'Tea towel',
  'Walnut tray',
  'Gift card',
  'Design consult',
].map((title, i) => ({
  title,
  href: `/shop/p/${title.toLowerCase().replace(/ /g, '-')}`,
  price: 2400 + i * 1500,
  image: `/images/demo/related-${i}.webp`,
}));
const SIZE_CHART = SIZES.map((size, i) => [size, 86 + i * 6, 70 + i * 2, 61 + i * 3]);
const FOOTER = { Shop: ['New in', 'Clothing', 'Home', 'Gifts'], Help: ['Shipping', 'Returns', 'Care', 'FAQ'], Studio: ['About', 'Journal', 'Stockists', 'Press'] };
const DESCRIPTION = Array.from(
  { length: 10 },
  (_, i) =>
    `Paragraph ${i + 1}: a relaxed shirt in washed European linen, cut with a soft collar and a straight hem, made to be worn open over a tee or buttoned up on warm evenings. Garment dyed, so each one is a little different.`,
);
const money = (cents) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

function Page({ now }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>Linen shirt — Studio Goods</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="stylesheet" href="/theme.css" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own stylesheet, as our page inlines it */}
        <style dangerouslySetInnerHTML={{ __html: __PAGE_CSS__ }} />
      </head>
      <body className="product-page">
        <header className="site-header">
          <a href="/" className="logo">Studio Goods</a>
          <nav aria-label="Main">
            <ul>
              {NAV.map((label) => (
                <li key={label}>
                  <a href={`/${label.toLowerCase().replace(/ /g, '-')}`}>{label}</a>
                </li>
              ))}
            </ul>
          </nav>
          <a href="/cart" className="cart-pill">Cart (0)</a>
        </header>
        <main>
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <a href="/shop">Shop</a> / <span>Linen shirt</span>
          </nav>
          <section className="product">
            <div className="gallery">
              {IMAGES.map((image) => (
                <img key={image.src} src={image.src} alt={image.alt} width="800" height="1000" loading="lazy" />
              ))}
            </div>
            <div className="details">
              <h1>Linen shirt</h1>
              <p className="price">{money(6800)}</p>
              <form method="post" action="/api/commerce/shopping-cart/entries" className="add-to-cart">
                <label>
                  Size
                  <select name="size">
                    {SIZES.map((size) => (
                      <option key={size}>{size}</option>
                    ))}
                  </select>
                </label>
                <fieldset>
                  <legend>Colour</legend>
                  {COLOURS.map((colour) => (
                    <label key={colour}>
                      <input type="radio" name="colour" value={colour} /> {colour}
                    </label>
                  ))}
                </fieldset>
                <label>
                  Quantity <input type="number" name="quantity" min="1" defaultValue="1" />
                </label>
                <button type="submit">Add to cart</button>
                <p className="stock">In stock: 12</p>
              </form>
              <div className="description">
                {DESCRIPTION.map((text) => (
                  <p key={text}>{text}</p>
                ))}
              </div>
              <table className="size-chart">
                <caption>Size chart (cm)</caption>
                <thead>
                  <tr>
                    <th>Size</th>
                    <th>Chest</th>
                    <th>Length</th>
                    <th>Sleeve</th>
                  </tr>
                </thead>
                <tbody>
                  {SIZE_CHART.map((row) => (
                    <tr key={row[0]}>
                      {row.map((cell) => (
                        <td key={cell}>{cell}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section className="related" aria-label="Related products">
            <h2>You may also like</h2>
            <ul>
              {RELATED.map((product) => (
                <li key={product.href}>
                  <a href={product.href}>
                    <img src={product.image} alt={product.title} width="400" height="500" loading="lazy" />
                    <span>{product.title}</span> <span>{money(product.price)}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </main>
        <footer>
          {Object.entries(FOOTER).map(([heading, links]) => (
            <nav key={heading} aria-label={heading}>
              <h3>{heading}</h3>
              <ul>
                {links.map((label) => (
                  <li key={label}>
                    <a href={`/${label.toLowerCase().replace(/ /g, '-')}`}>{label}</a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          <p>© {new Date(now).getFullYear()} Studio Goods</p>
        </footer>
      </body>
    </html>
  );
}

const HTML = { 'content-type': 'text/html; charset=utf-8' };

export default {
  async fetch(request) {
    const { pathname } = new URL(request.url);
    const page = <Page now={Date.now()} />;
    if (pathname === '/stream') return new Response(await renderToReadableStream(page), { headers: HTML });
    return new Response(`<!doctype html>${renderToString(page)}`, { headers: HTML });
  },
};
