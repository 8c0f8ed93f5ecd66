export function Component() {
  return <h1>Home</h1>;
}
