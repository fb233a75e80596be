import { parsePerlTruth } from '../bugzilla/params.js';
import { componentSeriesDefinitions } from './component-series.js';

describe("a component's New Charts series", () => {
  it('are "All Open" and "All Closed", with product and component URL-quoted as Bugzilla does', () => {
    expect(componentSeriesDefinitions('My Product', 'UI/UX')).toEqual([
      {
        name: 'All Open',
        query: 'field0-0-0=resolution&type0-0-0=notregexp&value0-0-0=.&product=My%20Product&component=UI%2FUX',
      },
      {
        name: 'All Closed',
        query: 'field0-0-0=resolution&type0-0-0=regexp&value0-0-0=.&product=My%20Product&component=UI%2FUX',
      },
    ]);
  });
});

describe('Perl truth (is_open, create_series of Component.create)', () => {
  it('is false only for null, false, 0, "" and "0"', () => {
    for (const value of [null, false, 0, '', '0']) expect(parsePerlTruth('p', value)).toBe(false);
    for (const value of [true, 1, -1, 'false', '00', ' ']) expect(parsePerlTruth('p', value)).toBe(true);
    expect(parsePerlTruth('p', undefined)).toBeUndefined();
    expect(() => parsePerlTruth('p', [1])).toThrow("The 'p' parameter is invalid: a boolean was expected.");
  });
});
