import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../../lib/api/failure';
import { createTestI18n } from '../../../testing/i18n';
import { failureKey, failureMessage } from './failure-message';

const SERVER_TEXT = 'The database cannot be reached right now; try again in a moment';
const failure = (status: ApiFailure['status'], code?: string): ApiFailure => ({
  status,
  code,
  message: SERVER_TEXT,
});

describe('failureKey', () => {
  it.each([
    [400, 'admin.failure.invalid'],
    [401, 'admin.failure.signedOut'],
    [403, 'admin.failure.forbidden'],
    [404, 'admin.failure.gone'],
    [409, 'admin.failure.conflict'],
    [429, 'admin.failure.tooMany'],
    [502, 'admin.failure.unreachable'],
    [503, 'admin.failure.unreachable'],
    [504, 'admin.failure.unreachable'],
    ['FETCH_ERROR', 'admin.failure.unreachable'],
    ['TIMEOUT_ERROR', 'admin.failure.unreachable'],
    [500, 'admin.failure.general'],
    [413, 'admin.failure.general'],
    ['PARSING_ERROR', 'admin.failure.general'],
    ['CUSTOM_ERROR', 'admin.failure.general'],
  ] as const)('%s → %s', (status, key) => {
    expect(failureKey(failure(status))).toBe(key);
  });

  it("a section's own keys: by code first, then by status, else the console's", () => {
    const known = { last_admin: 'admin-roles.lastAdmin', 409: 'x.conflict', 404: 'x.gone' };
    expect(failureKey(failure(409, 'last_admin'), known)).toBe('admin-roles.lastAdmin');
    expect(failureKey(failure(409, 'conflict'), known)).toBe('x.conflict');
    expect(failureKey(failure(404, 'not_found'), known)).toBe('x.gone');
    expect(failureKey(failure(403, 'forbidden'), known)).toBe('admin.failure.forbidden');
  });
});

describe('failureMessage', () => {
  it('speaks German by default and English, never the server’s text', async () => {
    const de = await createTestI18n('de');
    const en = await createTestI18n('en');
    const unavailable = failure(503, 'database_unavailable');
    expect(failureMessage(unavailable, de.t)).toBe(
      'Der Server ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.',
    );
    expect(failureMessage(unavailable, en.t)).toBe(
      'The server cannot be reached right now. Please try again in a moment.',
    );
    for (const status of [400, 401, 403, 404, 409, 429, 500, 'FETCH_ERROR'] as const) {
      for (const { t } of [de, en]) {
        const message = failureMessage(failure(status), t);
        expect(message).not.toContain(SERVER_TEXT);
        expect(message).not.toMatch(/^admin\./);
      }
    }
    expect(failureMessage(failure(403), en.t)).toMatch(/^You lack the rights/);
    expect(failureMessage(failure(429), de.t)).toMatch(/^Zu viele Versuche/);
  });

  it('reads what unwrap() threw, and an answer that broke its contract', async () => {
    const { t } = await createTestI18n('de');
    expect(failureMessage({ name: 'ZodError', message: SERVER_TEXT }, t)).toBe(
      'Das hat nicht geklappt. Bitte versuche es noch einmal.',
    );
    expect(failureMessage(undefined, t)).toBe(
      'Das hat nicht geklappt. Bitte versuche es noch einmal.',
    );
  });
});
