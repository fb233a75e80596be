import { FieldFilter } from './field-filter.js';

const filter = (include_fields?: unknown, exclude_fields?: unknown) =>
  FieldFilter.fromParams({ include_fields, exclude_fields });

const product = { id: 1, name: 'P', description: 'd', components: [], versions: [], milestones: [] };

describe('FieldFilter.fromParams', () => {
  it('reads a single string as a comma list', () => {
    expect(filter('id,name').pick(product)).toEqual({ id: 1, name: 'P' });
  });

  it('also splits on spaces and +', () => {
    expect(filter('id name+description').pick(product)).toEqual({ id: 1, name: 'P', description: 'd' });
  });

  it('reads repeated keys (arrays) as they are: a comma inside a repeated value is part of the name', () => {
    expect(filter(['id', 'name']).pick(product)).toEqual({ id: 1, name: 'P' });
    expect(filter(['id', 'name,description']).pick(product)).toEqual({ id: 1 });
  });

  it('ignores empty names and values that are not strings', () => {
    expect(filter(',,id,').pick(product)).toEqual({ id: 1 });
    expect(filter([{ a: 1 }, 'id']).pick(product)).toEqual({ id: 1 });
  });

  it('treats absent, null, an empty string and an empty array as no include: everything', () => {
    expect(FieldFilter.fromParams(undefined).pick(product)).toEqual(product);
    expect(filter(null).pick(product)).toEqual(product);
    expect(filter('').pick(product)).toEqual(product);
    expect(filter([]).pick(product)).toEqual(product);
    expect(FieldFilter.ALL.pick(product)).toEqual(product);
  });
});

describe('FieldFilter.wants: Bugzilla filter_wants, first matching rule wins', () => {
  it('1. an excluded name is left out, even when also included', () => {
    expect(filter('name,id', 'name').wants('name')).toBe(false);
    expect(filter('name,id', 'name').pick(product)).toEqual({ id: 1 });
    expect(filter('_all', 'id').wants('id')).toBe(false);
  });

  it('2. an included name is kept, even when _all or _default is excluded', () => {
    expect(filter('name', '_all').wants('name')).toBe(true);
    expect(filter('name', '_default').wants('name')).toBe(true);
    expect(filter('name', '_all').pick(product)).toEqual({ name: 'P' });
  });

  it('3. _all in exclude leaves out everything not named in include', () => {
    expect(filter(undefined, '_all').pick(product)).toEqual({});
    expect(filter('_all', '_all').pick(product)).toEqual({});
    expect(filter('_default', '_all').pick(product)).toEqual({});
  });

  it('4. _all in include keeps everything, even when _default is excluded', () => {
    expect(filter('_all').pick(product)).toEqual(product);
    expect(filter('_all', '_default').pick(product)).toEqual(product);
  });

  it('5. _default in exclude leaves out every (default) field not named in include', () => {
    expect(filter(undefined, '_default').pick(product)).toEqual({});
    expect(filter('_default', '_default').pick(product)).toEqual({});
    expect(filter('id', '_default').pick(product)).toEqual({ id: 1 });
  });

  it('6. _default in include keeps every field', () => {
    expect(filter('_default').pick(product)).toEqual(product);
    expect(filter('_default', 'components').pick(product)).toEqual({
      id: 1,
      name: 'P',
      description: 'd',
      versions: [],
      milestones: [],
    });
  });

  it('6. an empty include keeps everything but the excluded names', () => {
    expect(filter(undefined, 'components,versions,milestones').pick(product)).toEqual({
      id: 1,
      name: 'P',
      description: 'd',
    });
  });

  it('7. a dotted include pulls in its parent, and only the named child fields', () => {
    const f = filter('components.name');
    expect(f.wants('components')).toBe(true);
    expect(f.wants('name', 'components')).toBe(true);
    expect(f.wants('id', 'components')).toBe(false);
    expect(f.wants('flag_types', 'components')).toBe(false);
    expect(f.wants('id')).toBe(false);
    expect(f.wants('versions')).toBe(false);
  });

  it('7. an included parent keeps all its child fields that are not excluded', () => {
    const f = filter('components', 'components.flag_types');
    expect(f.wants('components')).toBe(true);
    expect(f.wants('id', 'components')).toBe(true);
    expect(f.wants('flag_types', 'components')).toBe(false);
    expect(f.wants('name')).toBe(false);
  });

  it('7. a child field is not pulled in by a sibling or by a deeper name', () => {
    const f = filter('components.flag_types.name');
    expect(f.wants('components')).toBe(true);
    expect(f.wants('flag_types', 'components')).toBe(false);
    expect(f.wants('name', 'components')).toBe(false);
  });

  it('7. a prefix match needs the dot: "componentsX" does not pull in "components"', () => {
    expect(filter('componentsX').wants('components')).toBe(false);
    expect(filter('components').wants('componentsX')).toBe(false);
  });

  it('1/7. excluding a child field keeps its parent and siblings; excluding a parent field keeps child fields of the same name', () => {
    const f = filter(undefined, 'components.flag_types');
    expect(f.wants('components')).toBe(true);
    expect(f.wants('flag_types', 'components')).toBe(false);
    expect(f.wants('name', 'components')).toBe(true);
    const g = filter(undefined, 'id');
    expect(g.wants('id')).toBe(false);
    expect(g.wants('id', 'components')).toBe(true);
  });

  it('8. an unknown type token in include keeps nothing', () => {
    expect(filter('_extra').pick(product)).toEqual({});
    expect(filter('_custom').pick(product)).toEqual({});
  });

  it('unknown names are ignored', () => {
    expect(filter('bogus,id').pick(product)).toEqual({ id: 1 });
    expect(filter(undefined, 'bogus').pick(product)).toEqual(product);
  });

  it('names are case-sensitive', () => {
    expect(filter('ID,Name').pick(product)).toEqual({});
    expect(filter(undefined, 'ID').pick(product)).toEqual(product);
  });
});

describe('FieldFilter.pick', () => {
  it('keeps the object key order and applies the prefix', () => {
    const component = { id: 3, name: 'c', description: 'x', flag_types: { bug: [], attachment: [] } };
    const picked = filter('components.description,components.id').pick(component, 'components');
    expect(Object.keys(picked)).toEqual(['id', 'description']);
  });
});
