/**
 * Is this the native shell? Inside the Capacitor apps the native bridge defines
 * `window.Capacitor` before any of our scripts runs; asking it loads none of Capacitor's code, so
 * the web app's first bundle stays free of it.
 */
export function inNativeShell(win: unknown = globalThis): boolean {
  const capacitor = (win as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  return capacitor?.isNativePlatform?.() === true;
}

/**
 * For main.tsx, before the app starts: in the native shell, starts it (sign-in through the app's
 * URL scheme, the deep-link listener, which completes sign-ins with `completeLogin`); in a
 * browser, resolves at once without loading anything.
 */
export async function startNativeShellIfNative(
  completeLogin: (url: string) => unknown,
): Promise<void> {
  if (!inNativeShell()) return;
  const { startNativeShell } = await import('./shell');
  await startNativeShell({ completeLogin });
}
