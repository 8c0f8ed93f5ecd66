/**
 * Set-up of every web test (vitest `setupFiles`): jest-dom matchers, Testing Library's cleanup,
 * and the fake API (MSW) listening, with a clean slate after each test.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { clearToasts } from '../components/ui/toast-store';
import { setNavigator } from '../lib/navigation';
import { apiCalls, server } from './api';
import { takeMissingKeys } from './i18n';

// The app calls its API with relative URLs, as a page does; Node's Request and fetch need
// absolute ones, so they resolve against the page's location here.
const absolute = (input: RequestInfo | URL) =>
  typeof input === 'string' ? new URL(input, window.location.href) : input;
const NodeRequest = globalThis.Request;
globalThis.Request = class PageRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(absolute(input), init);
  }
};

let unpatchedFetch: typeof fetch;
beforeAll(() => {
  server.listen({
    // The loopback OIDC provider of the sign-in tests (testing/oidc-provider.ts) is a real one.
    onUnhandledFrame: ({ frame, defaults }) => {
      const request =
        frame.protocol === 'http' ? (frame.data as { request: Request }).request : null;
      if (!request || new URL(request.url).hostname !== '127.0.0.1') defaults.error();
    },
  });
  unpatchedFetch = globalThis.fetch;
  const intercepted = globalThis.fetch;
  globalThis.fetch = (input, init) => intercepted(absolute(input), init);
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  const missing = takeMissingKeys();
  if (missing.length > 0)
    throw new Error(`Translation keys missing in every language: ${missing.join(', ')}`);
  server.resetHandlers();
  apiCalls.length = 0;
  clearToasts();
  setNavigator(null);
});

afterAll(() => {
  globalThis.fetch = unpatchedFetch;
  server.close();
});
