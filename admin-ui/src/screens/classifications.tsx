export function Classifications() {
  return <h1>Classifications</h1>;
}
