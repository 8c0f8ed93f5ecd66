import { Browser } from '@capacitor/browser';

/**
 * Sign-in (and sign-out) on native: the provider's page opens in the system browser (Custom Tabs,
 * SFSafariViewController), never inside the app's web view; the provider sends the player back
 * through the app's URL scheme, which the deep-link handler below completes.
 */
export async function openSignInUrl(url: string): Promise<void> {
  await Browser.open({ url, presentationStyle: 'popover' });
}

/** Closes the system browser again (iOS keeps it open after the redirect to the app). */
export async function closeSignInBrowser(): Promise<void> {
  await Browser.close().catch(() => undefined);
}

/**
 * An oidc-client-ts navigator that opens the provider in the system browser; pass it as the
 * UserManager's redirect navigator in the native app. The page never unloads, so `navigate`
 * never resolves: the deep link back into the app finishes the sign-in.
 */
export const nativeSignInNavigator = {
  prepare: async () => ({
    navigate: async ({ url }: { url: string }): Promise<{ url: string }> => {
      await openSignInUrl(url);
      return new Promise<never>(() => {});
    },
    close: () => void closeSignInBrowser(),
  }),
  callback: async () => {},
};
