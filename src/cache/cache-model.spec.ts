import { ANSWER_MEMO_LIMIT, ANSWER_MEMO_BYTES_LIMIT, CacheModel } from './cache-model.js';
import type { TableIndexes } from './model-loader.js';

/** The answer memo reads no table: a model over none is enough. */
const emptyModel = () => new CacheModel({} as TableIndexes, false);

describe('CacheModel answer memo', () => {
  it('gives back the frozen answer remembered under a key, and finds nothing under another', () => {
    const model = emptyModel();
    const answer = { products: [{ id: 1, components: [{ id: 2 }] }] };
    model.remember('products:1', answer, 45);
    const found = model.rememberedAnswer<typeof answer>('products:1');
    expect(found).toEqual({ found: true, value: answer });
    expect(Object.isFrozen(found.value)).toBe(true);
    expect(Object.isFrozen(found.value!.products[0].components[0])).toBe(true);
    expect(model.rememberedAnswer('products:2')).toEqual({ found: false });
  });

  it(`forgets every answer before it would hold more than ${ANSWER_MEMO_BYTES_LIMIT} bytes in all`, () => {
    const model = emptyModel();
    const large = ANSWER_MEMO_BYTES_LIMIT / 4;
    for (let i = 0; i < 4; i++) model.remember(`large:${i}`, { products: [] }, large);
    // Exactly at the budget: all four kept.
    for (let i = 0; i < 4; i++) expect(model.rememberedAnswer(`large:${i}`).found).toBe(true);
    model.remember('one more byte', { products: [] }, 1);
    for (let i = 0; i < 4; i++) expect(model.rememberedAnswer(`large:${i}`).found).toBe(false);
    expect(model.rememberedAnswer('one more byte').found).toBe(true);
  });

  it(`forgets every answer before it would hold more than ${ANSWER_MEMO_LIMIT}, however small`, () => {
    const model = emptyModel();
    for (let i = 0; i < ANSWER_MEMO_LIMIT; i++) model.remember(`small:${i}`, { ids: [i] });
    expect(model.rememberedAnswer(`small:${ANSWER_MEMO_LIMIT - 1}`).found).toBe(true);
    model.remember('next', { ids: [] });
    expect(model.rememberedAnswer('small:0').found).toBe(false);
    expect(model.rememberedAnswer('next').found).toBe(true);
  });

  it('finds an answer by the URL it was asked with only while the memo still holds it', () => {
    const model = emptyModel();
    const groups = new Set([1, 2]);
    model.remember('products:big', { products: [] }, ANSWER_MEMO_BYTES_LIMIT);
    const remembered = model.rememberedAnswer<object>('products:big').value!;
    model.rememberAsAsked(groups, '/rest/product?names=Big', remembered);
    expect(model.answerAsAsked(groups, '/rest/product?names=Big')).toBe(remembered);
    // Another caller's group set object finds nothing by URL.
    expect(model.answerAsAsked(new Set([1, 2]), '/rest/product?names=Big')).toBeUndefined();
    // Past the budget the memo lets the answer go, and the URL no longer keeps it alive.
    model.remember('products:other', { products: [] }, 1);
    expect(model.answerAsAsked(groups, '/rest/product?names=Big')).toBeUndefined();
  });

  it('never keeps an answer by a URL that carries a password', () => {
    const model = emptyModel();
    const groups = new Set([1]);
    model.remember('products:1', { products: [] });
    const url = '/rest/product?ids=1&Bugzilla_login=a@b.c&Bugzilla_password=secret';
    model.rememberAsAsked(groups, url, model.rememberedAnswer<object>('products:1').value!);
    expect(model.answerAsAsked(groups, url)).toBeUndefined();
  });
});
