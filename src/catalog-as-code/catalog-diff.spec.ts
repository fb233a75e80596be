import { diffCatalogue } from './catalog-diff.js';
import { desiredCatalogue, shapeProblems } from './catalog-file.js';
import type { Catalogue } from './catalog-model.js';
import { planText } from './plan-printer.js';

/** The plan as plain data, and its printing: live catalogue + file → lines, with no service involved. */

function live(): Catalogue {
  return {
    classifications: [{ id: 1, name: 'Unclassified', description: 'Not assigned to any classification', sortkey: 0 }],
    groups: [
      { id: 1, name: 'admin', description: 'Administrators', is_active: true, is_bug_group: false },
      { id: 2, name: 'team', description: 'The team', is_active: true, is_bug_group: true },
    ],
    products: [
      {
        id: 1,
        name: 'Widget',
        description: 'a',
        classification: 'Unclassified',
        default_milestone: '---',
        is_open: true,
        has_unconfirmed: true,
        versions: [
          { id: 1, name: '0.9', sort_key: 0, is_active: true },
          { id: 2, name: '1.0', sort_key: 0, is_active: true },
        ],
        milestones: [{ id: 1, name: '---', sort_key: 0, is_active: true }],
        components: [
          {
            id: 1,
            name: 'Engine',
            description: 'e',
            default_assignee: 'dev@example.com',
            default_qa_contact: '',
            is_active: true,
          },
        ],
      },
    ],
    flag_types: [],
  };
}

const plan = (file: unknown, prune = false) => {
  expect(shapeProblems(file)).toEqual([]);
  return planText(diffCatalogue(live(), desiredCatalogue(file as never), { prune }));
};

describe('the plan of a catalogue file', () => {
  it('is empty when the file says what is there, defaults left out', () => {
    const file = {
      products: [
        {
          name: 'Widget',
          description: 'a',
          versions: ['0.9', '1.0'],
          milestones: ['---'],
          components: [{ name: 'Engine', description: 'e', default_assignee: 'dev@example.com' }],
        },
      ],
    };
    expect(plan(file)).toBe('No changes: the catalogue matches the file.\n');
    expect(plan(file, true)).toBe('No changes: the catalogue matches the file.\n');
  });

  it('shows an add, a change and a rename in Terraform style, with a summary', () => {
    const file = {
      products: [
        {
          name: 'Widget',
          description: 'b',
          versions: ['0.9', '1.0', '2.0'],
          components: [
            { name: 'Motor', renamed_from: 'Engine', description: 'e', default_assignee: 'dev@example.com' },
          ],
        },
      ],
    };
    expect(plan(file)).toBe(
      [
        '+ version "Widget/2.0"',
        '~ product "Widget": description "a" → "b"',
        '~ component "Widget/Motor": name "Engine" → "Motor"',
        '',
        '1 to add, 2 to change, 0 to remove',
        '',
      ].join('\n'),
    );
  });

  it('keeps what a list leaves out unless pruning; a list the file leaves out is not managed', () => {
    const file = { products: [{ name: 'Widget', versions: ['1.0'] }] };
    expect(plan(file)).toBe('No changes: the catalogue matches the file.\n');
    expect(plan(file, true)).toBe('- version "Widget/0.9"\n\n0 to add, 0 to change, 1 to remove\n');
    // No `products` at all: the products are not managed, even when pruning.
    expect(plan({ classifications: [] }, true)).toBe('No changes: the catalogue matches the file.\n');
  });

  it('follows a rename in what refers to the renamed object (a default milestone, a flag type target)', () => {
    const catalogue = live();
    catalogue.products[0].milestones = [{ id: 1, name: 'M1', sort_key: 0, is_active: true }];
    catalogue.products[0].default_milestone = 'M1';
    catalogue.flag_types = [
      {
        id: 1,
        name: 'review',
        target_type: 'bug',
        description: 'r',
        sortkey: 1,
        is_active: true,
        is_requestable: true,
        is_specifically_requestable: true,
        is_multiplicable: true,
        cc_list: '',
        grant_group: '',
        request_group: '',
        inclusions: ['Widget:Engine'],
        exclusions: [],
      },
    ];
    const file = {
      products: [
        {
          name: 'Gadget',
          renamed_from: 'Widget',
          default_milestone: 'M1-final',
          milestones: [{ name: 'M1-final', renamed_from: 'M1' }],
          components: [
            { name: 'Motor', renamed_from: 'Engine', description: 'e', default_assignee: 'dev@example.com' },
          ],
        },
      ],
      flag_types: [{ name: 'review', description: 'r', inclusions: ['Gadget:Motor'] }],
    };
    expect(shapeProblems(file)).toEqual([]);
    expect(planText(diffCatalogue(catalogue, desiredCatalogue(file as never), { prune: false }))).toBe(
      [
        '~ milestone "Gadget/M1-final": name "M1" → "M1-final"',
        '~ product "Gadget": name "Widget" → "Gadget"',
        '~ component "Gadget/Motor": name "Engine" → "Motor"',
        '',
        '0 to add, 3 to change, 0 to remove',
        '',
      ].join('\n'),
    );
  });

  it('says what the REST API cannot write, as an error line', () => {
    expect(plan({ groups: [{ name: 'new', description: 'n' }] })).toBe(
      `! group "new": groups cannot be created over the REST API (use Bugzilla's editgroups.cgi)\n\n` +
        '0 to add, 0 to change, 0 to remove; 1 cannot be done\n',
    );
  });

  it('reads renamed_from only where the catalogue adds it to the seed format', () => {
    expect(shapeProblems({ groups: [{ name: 'g', renamed_from: 'h' }], users: [] })).toEqual([
      'users: is not a known key',
      'groups[0].renamed_from: is not a known key',
    ]);
  });
});
