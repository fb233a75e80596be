import { type AnswerDigest, type ListAnswer, listPieces } from '../bugzilla/streamed-answer.js';
import type { ProductDto, ProductListDto } from './dto/product-response.dto.js';

/**
 * Most rows (products and their components, versions, milestones) in an answer built whole:
 * the model remembers such answers, and their text is serialised once. A larger answer (the
 * whole catalogue of a big site) is a ProductSequence: its products are mapped one at a time,
 * as they are written.
 */
export const WHOLE_ANSWER_ROWS_LIMIT = 5000;

/**
 * The products of a large answer in order, each mapped to the API only when it is written:
 * REST streams it to the socket (ProductsService.getForRest), and so do XML-RPC and JSON-RPC in
 * their encodings (a ListAnswer). The JSON pieces joined are exactly `JSON.stringify({ products: [...] })`.
 */
export class ProductSequence implements ListAnswer {
  readonly listKey = 'products';

  private constructor(
    /** The products, mapped as they are taken; each call starts again. */
    private readonly products: () => Iterable<ProductDto>,
    /**
     * The ETag (and length, when known) of this answer when known before its body: served from the
     * model, the ETag of its products' content revisions (cache/product-revisions.ts).
     */
    readonly knownDigest?: Promise<AnswerDigest>,
  ) {}

  /** `items` mapped by `map` one at a time, in order. */
  static of<T>(
    items: readonly T[],
    map: (item: T) => ProductDto,
    knownDigest?: Promise<AnswerDigest>,
  ): ProductSequence {
    function* mapped() {
      for (const item of items) yield map(item);
    }
    return new ProductSequence(mapped, knownDigest);
  }

  listItems(): Iterable<ProductDto> {
    return this.products();
  }

  toList(): ProductListDto {
    return { products: [...this.products()] };
  }

  pieces(): Iterable<string> {
    return listPieces('products', this.products());
  }
}
