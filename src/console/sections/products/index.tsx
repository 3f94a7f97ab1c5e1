/** The products section: /config/products (the list), /config/products/new, /config/products/{id}. */
import { useLocation } from '../../router';
import type { SectionProps } from '../../section-types';
import { FetchStatus } from '../../ui/Loaded';
import { useFetch } from '../../ui/useFetch';
import { ProductEditor } from './ProductEditor';
import { ProductList } from './ProductList';
import { api } from '../../../api';

export default function Products({ session, path, navigate }: SectionProps) {
  const { search } = useLocation();
  const context = useFetch(api.catalogContext.at());
  if (context.data === undefined) return <FetchStatus fetched={context} loading="Loading products…" />;
  const [first] = path;
  if (first === undefined) return <ProductList context={context.data} search={search} />;
  return (
    <ProductEditor
      productId={first === 'new' ? null : first}
      context={context.data}
      navigate={navigate}
      canUpload={session.can.content || session.can.commerce}
    />
  );
}
