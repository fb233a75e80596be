import type { Product } from '../../api/types.js';

/**
 * What a tab of the product page receives: the product as last read, its ETag, and a way to re-read it.
 * Its own module below the page and the tabs, so that the tabs never import the page that imports them.
 */
export interface ProductTabProps {
  product: Product;
  etag?: string;
  reload: () => Promise<Product | undefined>;
}
