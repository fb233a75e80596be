import { useEffect, useState } from 'preact/hooks';

/** The console's screens, addressed by the URL's fragment so that the server serves one page. */
export type Route =
  | { screen: 'catalogue' }
  | { screen: 'new-product' }
  | { screen: 'product'; id: number; tab: string }
  | { screen: 'classifications' };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean);
  if (parts[0] === 'products' && parts[1] === 'new') return { screen: 'new-product' };
  if (parts[0] === 'products' && /^\d+$/.test(parts[1] ?? '')) {
    return { screen: 'product', id: Number(parts[1]), tab: parts[2] ?? 'fields' };
  }
  if (parts[0] === 'classifications') return { screen: 'classifications' };
  return { screen: 'catalogue' };
}

export const href = {
  catalogue: () => '#/',
  newProduct: () => '#/products/new',
  product: (id: number, tab?: string) => `#/products/${id}${tab ? `/${tab}` : ''}`,
  classifications: () => '#/classifications',
};

export function navigate(to: string): void {
  location.hash = to;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
