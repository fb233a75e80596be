export function NewProduct() {
  return <h1>New product</h1>;
}
