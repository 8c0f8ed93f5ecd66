import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../testing/i18n';
import { failureReason, failureReasonKey } from './failure-reason';

describe('failureReason', () => {
  it('names what the player can do about a failed call', () => {
    expect(failureReason({ status: 'FETCH_ERROR' })).toBe('network');
    expect(failureReason({ status: 'TIMEOUT_ERROR' })).toBe('network');
    expect(failureReason({ status: 503 })).toBe('unavailable');
    expect(failureReason({ status: 502 })).toBe('unavailable');
    expect(failureReason({ status: 429 })).toBe('rateLimited');
    expect(failureReason({ status: 401 })).toBe('signedOut');
    expect(failureReason({ status: 403 })).toBe('forbidden');
    expect(failureReason({ status: 404 })).toBe('gone');
    expect(failureReason({ status: 409 })).toBe('conflict');
    expect(failureReason({ status: 500 })).toBe('generic');
    expect(failureReason({ status: 'PARSING_ERROR' })).toBe('generic');
  });

  it('has a sentence for every reason in German and English', async () => {
    const statuses = ['FETCH_ERROR', 503, 429, 401, 403, 404, 409, 500] as const;
    for (const lang of ['de', 'en'] as const) {
      const i18n = await createTestI18n(lang);
      for (const status of statuses) {
        const key = failureReasonKey({ status });
        expect(i18n.exists(key), `${lang} ${key}`).toBe(true);
      }
    }
  });
});
