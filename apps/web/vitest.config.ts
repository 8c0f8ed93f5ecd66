import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // A zone far from the venue's (Europe/Berlin): a time shown or read on the browser's clock
    // instead of the venue's is hours off here, where on a machine in UTC or Berlin it would
    // pass unnoticed. New York's summer time also starts and ends on other days than Berlin's.
    env: { TZ: 'America/New_York' },
    setupFiles: ['./src/testing/setup.ts'],
  },
});
