import type { Representations } from '../bugzilla/if-match.js';
import { ProductsService } from './products.service.js';
import { mergeParams } from './product-write.params.js';
import { productAccessDenied } from './product-write.rules.js';

/**
 * What `If-Match` on a product's writes is compared with (SPEC §10): the answer of
 * `GET /rest/product/{id_or_name}` for the product the path (parameter `param`) names — also the
 * GET that shows its versions and milestones. A product the caller cannot read leaves the write to
 * answer its own error.
 */
export const productRepresentation =
  (param: string): Representations =>
  async ({ service, user, params }) => {
    const answer = await service(ProductsService).get(user, {}, params[param]);
    if (answer.products.length === 0) {
      throw productAccessDenied(/^\d+$/.test(params[param]) ? { id: Number(params[param]) } : { name: params[param] });
    }
    return [answer];
  };

/** PUT /rest/product: the answer of `GET /rest/product` for the body's (or query's) ids and names. */
export const productsRepresentation: Representations = async ({ service, user, query, body }) => {
  const { params } = mergeParams(query, body);
  const wanted: Record<string, unknown> = {};
  if (params.ids !== undefined) wanted.ids = params.ids;
  if (params.names !== undefined) wanted.names = params.names;
  return [await service(ProductsService).get(user, wanted)];
};
