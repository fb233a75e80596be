import { shapeCheck } from './catalog-file.js';
import { checkablePart, isStandIn } from './checkable-part.js';

/** The copy of a malformed file that is still checked for names, and its paths back in the file. */
describe('checkablePart', () => {
  const partOf = (input: unknown) => checkablePart(input, shapeCheck(input).errors)!;

  it('leaves out values of the wrong type and names the rest by their place in the file', () => {
    const part = partOf({
      products: [
        'not a product',
        {
          name: 'P',
          components: [{ name: 7 }, { name: 'C', description: 'c', default_assignee: 'a@example.com' }],
          group_controls: [{ group: 'g', membercontrol: 'Sometimes' }, { group: 'h' }, { membercontrol: 'NA' }],
        },
      ],
    });
    const products = part.document.products as any[];
    expect(products).toHaveLength(1);
    // A component whose name is of the wrong type is kept, under a stand-in, for what else it names.
    expect(products[0].components).toHaveLength(2);
    expect(isStandIn(products[0].components[0].name)).toBe(true);
    // A control keeps its group when only its setting is wrong; one without a group is left out.
    expect(products[0].group_controls).toEqual([{ group: 'g' }, { group: 'h' }]);
    expect(part.pathInFile('products[0].components[1].default_assignee')).toBe(
      'products[1].components[1].default_assignee',
    );
    expect(part.pathInFile('products[0].group_controls[1].group')).toBe('products[1].group_controls[1].group');
    expect(part.pathInFile('flag_types[0].inclusions')).toBe('flag_types[0].inclusions');
  });

  it('keeps a product or a flag type without a name under a stand-in nothing can refer to', () => {
    const part = partOf({
      products: [{ description: 'x', components: [{ name: 'C', description: 'c', default_assignee: 'u' }] }],
      flag_types: [{ description: 'd', inclusions: ['P'] }],
      classifications: [{ description: 'no name' }],
    });
    const [product] = part.document.products as any[];
    const [type] = part.document.flag_types as any[];
    expect(isStandIn(product.name) && isStandIn(type.name)).toBe(true);
    expect(product.components).toHaveLength(1);
    expect(type.inclusions).toEqual(['P']);
    expect(part.document.classifications).toEqual([]);
  });

  it('has nothing to check in a file that is not a mapping', () => {
    expect(checkablePart(['a'], shapeCheck(['a']).errors)).toBeUndefined();
  });
});
