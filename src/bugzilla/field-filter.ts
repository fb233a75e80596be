/**
 * Bugzilla's include_fields / exclude_fields (SPEC §5.2; Bugzilla's
 * WebService::Util::filter_wants). Field names are full paths such as `id` or
 * `components.name`; a nested field is asked for with its parent's prefix.
 */
export class FieldFilter {
  static readonly ALL = new FieldFilter([], []);

  private readonly include: ReadonlySet<string>;
  private readonly exclude: ReadonlySet<string>;

  constructor(include: string[], exclude: string[]) {
    this.include = new Set(include);
    this.exclude = new Set(exclude);
  }

  /** Reads the two parameters from a query or body: arrays as given, a single string split on commas, `+` and spaces. */
  static fromParams(params: Record<string, unknown> | undefined): FieldFilter {
    return new FieldFilter(readNames(params?.include_fields), readNames(params?.exclude_fields));
  }

  /** Whether the field `name` (with `prefix`, for a field of a nested object) is to be returned. */
  wants(name: string, prefix?: string): boolean {
    const field = prefix ? `${prefix}.${name}` : name;
    if (this.exclude.has(field)) return false;
    if (this.include.has(field)) return true;
    if (this.exclude.has('_all')) return false;
    if (this.include.has('_all')) return true;
    if (this.exclude.has('_default')) return false;
    if (this.include.has('_default') || this.include.size === 0) return true;
    if (prefix) return this.include.has(prefix);
    for (const wanted of this.include) if (wanted.startsWith(`${field}.`)) return true;
    return false;
  }

  /** Copies `object` keeping only the wanted keys, in the object's own key order. */
  pick<T extends object>(object: T, prefix?: string): Partial<T> {
    const out: Partial<T> = {};
    for (const key of Object.keys(object) as (keyof T & string)[]) {
      if (this.wants(key, prefix)) out[key] = object[key];
    }
    return out;
  }
}

function readNames(value: unknown): string[] {
  if (typeof value === 'string') return value.split(/[\s+,]+/).filter(Boolean);
  // Repeated keys (an array) are used as given, as Bugzilla's REST layer does: only a single string is a list.
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string' && item !== '');
  return [];
}
