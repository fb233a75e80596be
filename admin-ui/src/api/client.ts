import type {
  Classification,
  ClassificationFields,
  ComponentFields,
  ComponentRecord,
  ErrorEnvelope,
  FlagTypeFields,
  FlagTypeInfo,
  FlagTypeRules,
  Group,
  GroupControl,
  GroupControlChange,
  GroupControlsUpdate,
  HistoryEntry,
  NewProduct,
  PartCounts,
  Product,
  ProductChanges,
  ProductFields,
  ProductParts,
  ProductSummary,
  User,
  ValueFields,
  Whoami,
} from './types.js';

/**
 * The one module that talks to the service: every request the console makes goes through here, to
 * the public REST API only. Each route is named once in ROUTES (a test checks them against the
 * served OpenAPI document); credentials travel in headers, never in a URL.
 */
export const ROUTES = {
  login: 'GET /rest/login',
  logout: 'GET /rest/logout',
  whoami: 'GET /rest/whoami',
  users: 'GET /rest/user',
  editable: 'GET /rest/product_editable',
  products: 'GET /rest/product',
  product: 'GET /rest/product/{id_or_name}',
  createProduct: 'POST /rest/product',
  updateProduct: 'PUT /rest/product/{id_or_name}',
  deleteProduct: 'DELETE /rest/product/{id_or_name}',
  component: 'GET /rest/component/{id}',
  createComponent: 'POST /rest/component',
  updateComponent: 'PUT /rest/component/{id}',
  deleteComponent: 'DELETE /rest/component/{id}',
  createVersion: 'POST /rest/product/{product}/version',
  updateVersion: 'PUT /rest/product/{product}/version/{name}',
  deleteVersion: 'DELETE /rest/product/{product}/version/{name}',
  createMilestone: 'POST /rest/product/{product}/milestone',
  updateMilestone: 'PUT /rest/product/{product}/milestone/{name}',
  deleteMilestone: 'DELETE /rest/product/{product}/milestone/{name}',
  flagTypes: 'GET /rest/flag_type/{product}',
  flagTypeRules: 'GET /rest/flag_type',
  createFlagType: 'POST /rest/flag_type',
  updateFlagType: 'PUT /rest/flag_type/{id_or_name}',
  deleteFlagType: 'DELETE /rest/flag_type/{id_or_name}',
  groups: 'GET /rest/group',
  groupControls: 'GET /rest/product/{id_or_name}/group_controls',
  updateGroupControls: 'PUT /rest/product/{id_or_name}/group_controls',
  history: 'GET /rest/product/{id_or_name}/history',
  classifications: 'GET /rest/classification',
  classification: 'GET /rest/classification/{id_or_name}',
  createClassification: 'POST /rest/classification',
  updateClassification: 'PUT /rest/classification/{id_or_name}',
  deleteClassification: 'DELETE /rest/classification/{id_or_name}',
} as const;

type RouteName = keyof typeof ROUTES;

/** How the console proves who it is: a login token from /rest/login, or an API key. */
export type Credentials = { kind: 'token'; token: string } | { kind: 'api_key'; key: string };

/** A refusal from the service, in its own words (the error envelope), or a network failure (code 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }

  /** The service's answer to a write made with a stale If-Match (SPEC §10). */
  get isConflict(): boolean {
    return this.status === 412;
  }
}

type Query = Record<string, string | number | boolean | (string | number)[] | undefined>;

interface CallOptions {
  params?: Record<string, string | number>;
  query?: Query;
  body?: unknown;
  /** The ETag of the object as last read: the write is refused (412) if it changed since. */
  ifMatch?: string;
  /** Credentials of this request alone, sent instead of the session's. */
  headers?: Record<string, string>;
}

export interface Read<T> {
  data: T;
  etag?: string;
}

/** The catalogue's own fields, asked first: small and quick whatever the number of components. */
const CATALOGUE_FIELDS = 'id,name,description,is_active,classification';
/** The counts of each product's parts, asked next: only the ids of the parts. */
const COUNT_FIELDS = 'id,components.id,versions.id,milestones.id';

export class BugzillaApi {
  constructor(private credentials: Credentials | null = null) {}

  setCredentials(credentials: Credentials | null): void {
    this.credentials = credentials;
  }

  private credentialHeaders(): Record<string, string> {
    if (this.credentials?.kind === 'token') return { 'X-BUGZILLA-TOKEN': this.credentials.token };
    if (this.credentials?.kind === 'api_key') return { 'X-BUGZILLA-API-KEY': this.credentials.key };
    return {};
  }

  private async call<T>(route: RouteName, options: CallOptions = {}): Promise<Read<T>> {
    const [method, template] = ROUTES[route].split(' ');
    const path = template.replace(/\{(\w+)\}/g, (_m, name: string) =>
      encodeURIComponent(String(options.params?.[name] ?? '')),
    );
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
    }
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(options.headers ?? this.credentialHeaders()),
    };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.ifMatch) headers['if-match'] = options.ifMatch;
    let response: Response;
    try {
      response = await fetch(search.size ? `${path}?${search}` : path, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        cache: 'no-store',
      });
    } catch {
      throw new ApiError(0, 0, 'The service cannot be reached. Check the connection and try again.');
    }
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: reported below as an unexpected answer.
    }
    const envelope = json as Partial<ErrorEnvelope> | undefined;
    if (!response.ok || envelope?.error === true) {
      if (envelope && typeof envelope.message === 'string') {
        throw new ApiError(response.status, Number(envelope.code ?? 0), envelope.message);
      }
      throw new ApiError(response.status, 0, `The service answered ${response.status} ${response.statusText}.`);
    }
    return { data: json as T, etag: response.headers.get('etag') ?? undefined };
  }

  private async data<T>(route: RouteName, options?: CallOptions): Promise<T> {
    return (await this.call<T>(route, options)).data;
  }

  // Session

  login(login: string, password: string): Promise<{ id: number; token: string }> {
    // The login and password go in headers, never in the URL (the service issues a token to a caller
    // they authenticate; a wrong password counts towards Bugzilla's lockout all the same).
    return this.data('login', { headers: { 'X-BUGZILLA-LOGIN': login, 'X-BUGZILLA-PASSWORD': password } });
  }

  logout(): Promise<{ result: null }> {
    return this.data('logout');
  }

  whoami(): Promise<Whoami> {
    return this.data('whoami');
  }

  /** Users whose login or real name contains `text` (Bugzilla's User.get `match`). */
  async matchUsers(text: string, limit = 10): Promise<User[]> {
    return (await this.data<{ users: User[] }>('users', { query: { match: text, limit } })).users;
  }

  // Products

  async catalogue(): Promise<ProductSummary[]> {
    const query = { include_fields: CATALOGUE_FIELDS };
    return (await this.data<{ products: ProductSummary[] }>('products', { query })).products;
  }

  /** The ids of the products the caller may administer (the others are shown read-only). */
  async editable(): Promise<Set<number>> {
    return new Set((await this.data<{ ids: number[] }>('editable')).ids);
  }

  /** How many components, versions and milestones each product has, by product id. */
  async catalogueCounts(): Promise<Map<number, PartCounts>> {
    const query = { include_fields: COUNT_FIELDS };
    const { products } = await this.data<{ products: ProductParts[] }>('products', { query });
    return new Map(
      products.map((p) => [
        p.id,
        { components: p.components.length, versions: p.versions.length, milestones: p.milestones.length },
      ]),
    );
  }

  /** One product, and the ETag to send back with writes to it. */
  async product(id: number): Promise<Read<Product | undefined>> {
    const read = await this.call<{ products: Product[] }>('product', { params: { id_or_name: id } });
    return { data: read.data.products[0], etag: read.etag };
  }

  async createProduct(product: NewProduct): Promise<number> {
    return (await this.data<{ id: number }>('createProduct', { body: product })).id;
  }

  async updateProduct(id: number, fields: ProductFields, etag?: string): Promise<ProductChanges> {
    const answer = await this.data<{ products: ProductChanges[] }>('updateProduct', {
      params: { id_or_name: id },
      body: fields,
      ifMatch: etag,
    });
    return answer.products[0];
  }

  deleteProduct(id: number, options: { deleteSeries?: boolean; etag?: string } = {}): Promise<unknown> {
    return this.data('deleteProduct', {
      params: { id_or_name: id },
      query: { delete_series: options.deleteSeries ? 1 : undefined },
      ifMatch: options.etag,
    });
  }

  // Components

  component(id: number): Promise<ComponentRecord> {
    return this.data('component', { params: { id } });
  }

  async createComponent(product: string, fields: ComponentFields): Promise<number> {
    return (await this.data<{ id: number }>('createComponent', { body: { product, ...fields } })).id;
  }

  updateComponent(id: number, fields: ComponentFields): Promise<unknown> {
    return this.data('updateComponent', { params: { id }, body: fields });
  }

  deleteComponent(id: number): Promise<unknown> {
    return this.data('deleteComponent', { params: { id } });
  }

  // Versions and milestones

  createValue(kind: 'version' | 'milestone', product: string, fields: ValueFields): Promise<{ id: number }> {
    return this.data(kind === 'version' ? 'createVersion' : 'createMilestone', { params: { product }, body: fields });
  }

  updateValue(kind: 'version' | 'milestone', product: string, name: string, fields: ValueFields): Promise<unknown> {
    return this.data(kind === 'version' ? 'updateVersion' : 'updateMilestone', {
      params: { product, name },
      body: fields,
    });
  }

  deleteValue(kind: 'version' | 'milestone', product: string, name: string): Promise<unknown> {
    return this.data(kind === 'version' ? 'deleteVersion' : 'deleteMilestone', { params: { product, name } });
  }

  // Flag types

  flagTypes(product: string): Promise<{ bug: FlagTypeInfo[]; attachment: FlagTypeInfo[] }> {
    return this.data('flagTypes', { params: { product } });
  }

  async createFlagType(fields: FlagTypeFields): Promise<number> {
    return (await this.data<{ id: number }>('createFlagType', { body: fields })).id;
  }

  /** One flag type with its whole lists (those the caller may change), and the ETag to send back with writes. */
  async flagTypeRules(id: number): Promise<Read<FlagTypeRules>> {
    const read = await this.call<{ flagtypes: FlagTypeRules[] }>('flagTypeRules', { query: { ids: id } });
    return { data: read.data.flagtypes[0], etag: read.etag };
  }

  updateFlagType(id: number, fields: FlagTypeFields, etag?: string): Promise<unknown> {
    return this.data('updateFlagType', { params: { id_or_name: id }, body: fields, ifMatch: etag });
  }

  deleteFlagType(id: number, etag?: string): Promise<unknown> {
    return this.data('deleteFlagType', { params: { id_or_name: id }, ifMatch: etag });
  }

  /** The names of the groups the caller is in (User.get's `groups` of its own entry). */
  async ownGroups(userId: number): Promise<string[]> {
    const answer = await this.data<{ users: { id: number; groups?: { name: string }[] }[] }>('users', {
      query: { ids: userId, include_fields: 'groups' },
    });
    return answer.users.find((user) => user.id === userId)?.groups?.map((group) => group.name) ?? [];
  }

  // Groups

  /** The groups the caller may list (Group.get: every group for editusers/creategroups members, else bless groups). */
  async groups(): Promise<Group[]> {
    return (await this.data<{ groups: Group[] }>('groups')).groups;
  }

  // Group controls and history (SPEC §10)

  async groupControls(product: number): Promise<Read<GroupControl[]>> {
    const read = await this.call<{ group_controls: GroupControl[] }>('groupControls', {
      params: { id_or_name: product },
    });
    return { data: read.data.group_controls, etag: read.etag };
  }

  updateGroupControls(product: number, changes: GroupControlChange[], etag?: string): Promise<GroupControlsUpdate> {
    return this.data('updateGroupControls', {
      params: { id_or_name: product },
      body: { group_controls: changes },
      ifMatch: etag,
    });
  }

  async history(product: number, limit: number, before?: number): Promise<HistoryEntry[]> {
    const answer = await this.data<{ history: HistoryEntry[] }>('history', {
      params: { id_or_name: product },
      query: { limit, before },
    });
    return answer.history;
  }

  // Classifications

  /** Every classification the caller may see, empty ones included for editclassifications members. */
  async classifications(): Promise<Classification[]> {
    return (await this.data<{ classifications: Classification[] }>('classifications')).classifications;
  }

  async classification(idOrName: string | number): Promise<Classification | undefined> {
    const answer = await this.data<{ classifications: Classification[] }>('classification', {
      params: { id_or_name: idOrName },
    });
    return answer.classifications[0];
  }

  /** One classification as `GET /rest/classification/{id}` answers, and the ETag to send back with writes to it. */
  async classificationRead(id: number): Promise<Read<Classification | undefined>> {
    const read = await this.call<{ classifications: Classification[] }>('classification', {
      params: { id_or_name: id },
    });
    return { data: read.data.classifications[0], etag: read.etag };
  }

  async createClassification(fields: ClassificationFields): Promise<number> {
    return (await this.data<{ id: number }>('createClassification', { body: fields })).id;
  }

  updateClassification(idOrName: string | number, fields: ClassificationFields, etag?: string): Promise<unknown> {
    return this.data('updateClassification', { params: { id_or_name: idOrName }, body: fields, ifMatch: etag });
  }

  deleteClassification(idOrName: string | number, etag?: string): Promise<unknown> {
    return this.data('deleteClassification', { params: { id_or_name: idOrName }, ifMatch: etag });
  }
}
