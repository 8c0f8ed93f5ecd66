import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';

describe('PATCH /api/v2/user/me', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.issuer.mint('settings-sub');
    const res = await t.request('POST', '/api/v2/user/registration', {
      token,
      body: {
        username: 'Settler',
        mail: 'settler@example.com',
        agb: true,
        marketingConsent: false,
      },
    });
    expect(res.status).toBe(201);
  });
  afterAll(() => t.close());

  it('changes the language; ticking marketing mail only asks for confirmation', async () => {
    const res = await t.request('PATCH', '/api/v2/user/me', {
      token,
      body: { language: 'en', marketingConsent: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.language).toBe('en');
    // Double opt-in (features/marketing): consent counts once the mail's link is followed.
    expect(res.body.marketingConsent).toBe(false);
    expect(res.body.marketingPending).toBe(true);
    const me = await t.request('GET', '/api/v2/user/me', { token });
    expect(me.body.language).toBe('en');
  });

  it('refuses unknown languages, unknown fields and empty changes, changing nothing', async () => {
    for (const body of [{ language: 'fr' }, { userName: 'Other' }, {}]) {
      const res = await t.request('PATCH', '/api/v2/user/me', { token, body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    const me = await t.request('GET', '/api/v2/user/me', { token });
    expect(me.body.userName).toBe('Settler');
    expect(me.body.language).toBe('en');
  });

  it('needs a registered profile and a token', async () => {
    expect((await t.request('PATCH', '/api/v2/user/me', { body: { language: 'de' } })).status).toBe(
      401,
    );
    const stranger = await t.issuer.mint('unregistered-sub');
    const res = await t.request('PATCH', '/api/v2/user/me', {
      token: stranger,
      body: { language: 'de' },
    });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_registered');
  });
});
