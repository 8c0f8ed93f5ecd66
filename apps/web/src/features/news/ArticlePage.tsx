export function Component() {
  return <h1>News</h1>;
}
