import { load } from 'js-yaml';
import { loadYaml } from './yaml-in-pieces.js';

/** Parsing a file item by item gives what parsing it whole gives, or it is parsed whole. */
describe('loadYaml', () => {
  const same = (text: string) => expect(loadYaml(text)).toEqual(load(text));

  it('reads a plain catalogue item by item, as a whole parse would', () => {
    same(
      [
        '# the catalogue',
        'classifications:',
        '  - name: Desktop',
        '    description: |',
        '      Several lines,',
        '      - even this one',
        'products:',
        '  - name: A',
        '    versions: [1.0, "2.0"]',
        '',
        '    milestones:',
        '      - ---',
        '      - { name: M1, sort_key: 10 }',
        '  # between items',
        '  - name: B',
        '    description: "quoted: with - dashes"',
        'groups:',
        'flag_types:',
        '- name: at column zero',
        '- name: again',
        '',
      ].join('\n'),
    );
  });

  it('parses whole what it cannot cut for certain: flow values, anchors across items, keys twice, markers', () => {
    same('products: [{ name: A }]\ngroups:\n  - name: g\n');
    same('products:\n  - &base { name: A, description: d }\n  - <<: *base\n    name: B\n');
    same('---\nproducts:\n  - name: A\n');
    expect(() => loadYaml('products:\n  - "a\n  - b"\n')).toThrow(/deficient indentation \(3:3\)/);
    expect(() => loadYaml('products:\n  - name: A\nproducts:\n  - name: B\n')).toThrow(/duplicated mapping key/);
    // An item that does not parse alone: the whole file's error, with the whole file's line and column.
    const broken = 'products:\n  - name: A\n  - name: [B\n  - name: C\n';
    const whole = (() => {
      try {
        load(broken);
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(() => loadYaml(broken)).toThrow(whole);
  });

  it('leaves an empty file, or one of comments, to the whole parse', () => {
    expect(() => loadYaml('')).toThrow(/the input is empty/);
    expect(() => loadYaml('# nothing\n')).toThrow(/the input is empty/);
  });
});
