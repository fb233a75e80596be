import { type FlagRuleRow, FlagTypeApplicability, type FlagTypeRow } from './flag-type-applicability.js';

const type = (id: number): FlagTypeRow => ({
  id,
  name: `t${id}`,
  description: '',
  cc_list: null,
  target_type: 'b',
  is_active: 1,
  is_requestable: 0,
  is_requesteeble: 0,
  is_multiplicable: 0,
  sortkey: 0,
  grant_group_id: null,
  request_group_id: null,
});
const rule = (excluded: 0 | 1, typeId: number, product: number | null, component: number | null): FlagRuleRow => ({
  excluded,
  type_id: typeId,
  product_id: product,
  component_id: component,
});
const ids = (rows: FlagTypeRow[]) => rows.map((row) => row.id);

// Product 1 has components 10 and 11; product 2 has component 20.
describe('FlagTypeApplicability', () => {
  const applicability = new FlagTypeApplicability([1, 2, 3, 4, 5, 6].map(type), [
    rule(0, 1, null, null), // everywhere
    rule(0, 2, 1, null), // product 1, but not component 11
    rule(1, 2, 1, 11),
    rule(0, 3, 1, 10), // only component 10
    rule(0, 4, 1, 10), // component 10, excluded there
    rule(1, 4, 1, 10),
    rule(0, 5, 1, null), // product 1, excluded for the whole product
    rule(1, 5, 1, null),
    rule(0, 6, null, null), // everywhere, excluded for any product
    rule(1, 6, null, null),
  ]);

  it('lists for a product the types an exclusion does not take away from every inclusion', () => {
    expect(ids(applicability.forProduct(1))).toEqual([1, 2, 3]);
    expect(ids(applicability.forProduct(2))).toEqual([1]);
  });

  it('lists for a component the types included and not excluded for it', () => {
    expect(ids(applicability.forComponent(1, 10))).toEqual([1, 2, 3]);
    expect(ids(applicability.forComponent(1, 11))).toEqual([1]);
    expect(ids(applicability.forComponent(2, 20))).toEqual([1]);
  });

  it('gives the rows of one type', () => {
    expect(applicability.rulesOf(2, true)).toEqual([rule(1, 2, 1, 11)]);
    expect(applicability.rulesOf(3, true)).toEqual([]);
  });
});
