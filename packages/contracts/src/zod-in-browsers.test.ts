import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  z.config({ jitless: undefined });
});

describe('zod in browsers', () => {
  it('never compiles validators (no eval probe to break the CSP) where there is a document', async () => {
    vi.stubGlobal('document', {});
    await import('./zod-in-browsers');
    expect(z.config().jitless).toBe(true);
  });

  it('keeps compiled validators on the server', async () => {
    await import('./zod-in-browsers');
    expect(z.config().jitless).toBeFalsy();
  });
});
