import { BugzillaError } from '../bugzilla/bugzilla-error.js';
import { SeedError } from '../seed/seed-validation.js';
import { checkProviderStates, substituteParams } from './provider-states.js';

describe('provider-state parameters', () => {
  it('replaces ${name} in every string, keeping a whole-string parameter its own type', () => {
    const seed = { bugs: [{ id: '${bug}', summary: 'Bug ${bug} by ${who}', cc: ['${who}'] }], other: 3 };
    expect(substituteParams(seed, { bug: 7, who: 'alice@example.com' }, 's')).toEqual({
      bugs: [{ id: 7, summary: 'Bug 7 by alice@example.com', cc: ['alice@example.com'] }],
      other: 3,
    });
  });

  it('names the state and the missing parameter', () => {
    expect(() => substituteParams({ name: '${name}' }, {}, 'a product named ${name}')).toThrow(
      new BugzillaError(32000, "The provider state 'a product named ${name}' needs the parameter 'name'."),
    );
  });
});

describe('a provider-states file', () => {
  it('maps names to seeds, each checked by path (those with parameters at setup)', () => {
    expect(checkProviderStates({ a: {}, 'b ${x}': { bugs: [{ id: '${x}' }] } })).toBeDefined();
    const error = (() => {
      try {
        checkProviderStates({ a: { products: [{ nom: 'x' }] } });
      } catch (e) {
        return e;
      }
    })() as SeedError;
    expect(error.problems).toEqual(['"a".products[0].name: is required', '"a".products[0].nom: is not a known key']);
    expect(() => checkProviderStates(['x'])).toThrow(SeedError);
  });
});
