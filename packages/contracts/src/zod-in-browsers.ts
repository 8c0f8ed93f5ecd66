import { z } from 'zod';

// In a browser zod would probe whether it may compile validators with `new Function`; the app's
// Content-Security-Policy forbids that (no 'unsafe-eval'), so the probe only fails and makes the
// browser report a CSP violation on every page (Lighthouse best practices: issues). Browsers
// validate without compiling; servers keep zod's compiled validators.
if ('document' in globalThis) z.config({ jitless: true });
