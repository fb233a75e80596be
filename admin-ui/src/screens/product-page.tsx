export function ProductPage({ id }: { id: number; tab: string }) {
  return <h1>Product {id}</h1>;
}
