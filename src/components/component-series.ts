import type { EntityManager } from 'typeorm';
import { type SeriesDefinition, urlQuote, writeSeries } from '../products/product-series.js';

/**
 * The two "New Charts" series Bugzilla::Component->create writes with `create_series`
 * (Component.pm `_create_series`): "All Open" and "All Closed", under the product's
 * category and a subcategory named after the component.
 */
export function componentSeriesDefinitions(product: string, component: string): SeriesDefinition[] {
  const suffix = `&product=${urlQuote(product)}&component=${urlQuote(component)}`;
  return [
    { name: 'All Open', query: `field0-0-0=resolution&type0-0-0=notregexp&value0-0-0=.${suffix}` },
    { name: 'All Closed', query: `field0-0-0=resolution&type0-0-0=regexp&value0-0-0=.${suffix}` },
  ];
}

export async function createComponentSeries(
  em: EntityManager,
  product: string,
  component: string,
  creatorId: number,
): Promise<void> {
  await writeSeries(em, product, component, creatorId, componentSeriesDefinitions(product, component));
}
