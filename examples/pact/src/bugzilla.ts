// The consumer's own code: the few calls its app makes to bugzilla-products.

export interface Product {
  id?: number;
  name: string;
  components?: { name: string }[];
}

export interface LastVisit {
  id: number;
  last_visit_ts: string;
}

export class BugzillaClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey?: string,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.apiKey) headers['X-BUGZILLA-API-KEY'] = this.apiKey;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      // fetch says only "fetch failed"; the reason (refused, reset, timed out) is its cause.
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new Error(`${method} ${path} got no answer: ${cause?.code ?? ''} ${cause?.message ?? String(error)}`);
    }
    return { status: response.status, body: (await response.json()) as T };
  }

  productsByName(name: string, fields: string[]) {
    return this.call<{ products: Product[] }>(
      'GET',
      `/rest/product?names=${encodeURIComponent(name)}&include_fields=${fields.join(',')}`,
    );
  }

  product(name: string) {
    return this.call<{ products: Product[] }>(
      'GET',
      `/rest/product/${encodeURIComponent(name)}?include_fields=id,name`,
    );
  }

  createProduct(product: { name: string; description: string; version: string }) {
    return this.call<{ id: number }>('POST', '/rest/product', product);
  }

  whoami() {
    return this.call<{ login?: string; error?: boolean; code?: number }>('GET', '/rest/whoami');
  }

  recordVisit(bug: number) {
    return this.call<LastVisit[]>('POST', `/rest/bug_user_last_visit/${bug}`);
  }

  lastVisit(bug: number) {
    return this.call<LastVisit[]>('GET', `/rest/bug_user_last_visit/${bug}`);
  }
}
