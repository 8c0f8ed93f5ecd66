import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { TestOidcClient, fromAddress } from '../../../test/support/oidc-client';
import { PER_EMAIL, RESET_PER_EMAIL_AND_ADDRESS } from './request-limits';

const victim = { email: 'victim@example.org', password: 'quiet-Harbour-58', nickname: 'Victim' };

describe('reset mails for one address: each asking client has its own share', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Each client plays its own address through X-Forwarded-For, as behind a proxy.
    t = await createTestApp({ embeddedIdentity: true, env: { TRUST_PROXY: 'true' } });
    await new TestOidcClient(t.url).signUp(victim);
  });
  afterAll(() => t.close());

  /** Asks for a reset mail for `email` from `address`; the answer's status. */
  async function askReset(address: string, email = victim.email) {
    const client = fromAddress(new TestOidcClient(t.url), address);
    const forgot = await client.browser.navigate('/oidc/forgot');
    expect(forgot.status).toBe(200);
    return (await client.submit(forgot, { email })).status;
  }

  it("someone asking again and again spends their own share, not the player's", async () => {
    const share = RESET_PER_EMAIL_AND_ADDRESS.max;
    for (let i = 0; i < share; i++) expect(await askReset('10.9.0.1')).toBe(200);
    expect(await askReset('10.9.0.1')).toBe(429);
    expect(await askReset('10.9.0.1')).toBe(429);
    // The player, from their own address, still gets the mail.
    expect(await askReset('10.9.9.9')).toBe(200);
    // Another address of the same client's is not limited by it.
    expect(await askReset('10.9.0.1', 'someone-else@example.org')).toBe(200);
  });

  it('one mailbox gets at most its limit an hour, however many addresses ask', async () => {
    const email = 'flooded@example.org';
    const share = RESET_PER_EMAIL_AND_ADDRESS.max;
    let asked = 0;
    for (let client = 1; asked < PER_EMAIL.reset.max; client++) {
      for (let i = 0; i < share && asked < PER_EMAIL.reset.max; i++, asked++)
        expect(await askReset(`10.8.0.${client}`, email)).toBe(200);
    }
    expect(await askReset('10.8.1.1', email)).toBe(429);
  });
});
