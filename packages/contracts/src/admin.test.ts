import { describe, expect, it } from 'vitest';
import { iconPathSchema } from './admin';

describe('iconPathSchema', () => {
  it('takes a site path or an https URL', () => {
    for (const value of [
      '/assets/maps/docks.svg',
      '/api/assets/1c02/logo.png',
      'https://cdn.example/a.png',
    ])
      expect(iconPathSchema.safeParse(value).success).toBe(true);
  });

  it('refuses another site by a protocol-relative path, and other schemes', () => {
    for (const value of [
      '//evil.example/x.png',
      'http://evil.example/x.png',
      'javascript:x',
      'x.png',
    ])
      expect(iconPathSchema.safeParse(value).success).toBe(false);
  });
});
