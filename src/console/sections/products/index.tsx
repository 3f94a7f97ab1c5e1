/** The products section: /config/products (the list), /config/products/new, /config/products/{id}. */
import { useLocation } from '../../router';
import type { SectionProps } from '../../section-types';
import { useFetch } from '../../ui/useFetch';
import { ProductEditor } from './ProductEditor';
import { ProductList } from './ProductList';
import type { CatalogContext } from './shared';

export default function Products({ path, navigate }: SectionProps) {
  const { search } = useLocation();
  const context = useFetch<CatalogContext>('/api/console/catalog/context');
  if (context.data === undefined)
    return context.state === 'failed' ? (
      <div className="Card Notice" role="alert">
        <h1>Products</h1>
        <p>{context.error?.message}</p>
        <button type="button" className="Button" onClick={context.reload}>
          Try again
        </button>
      </div>
    ) : (
      <p className="Console-loading" role="status">
        Loading products…
      </p>
    );
  const [first] = path;
  if (first === undefined) return <ProductList context={context.data} search={search} />;
  return <ProductEditor productId={first === 'new' ? null : first} context={context.data} navigate={navigate} />;
}
