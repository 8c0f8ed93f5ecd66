export function Component() {
  return <h1>Settings</h1>;
}
