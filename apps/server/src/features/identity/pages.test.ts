import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { formOf } from '../../../test/support/browser';
import { TestOidcClient, fromAddress } from '../../../test/support/oidc-client';
import { REVEAL_PASSWORD_SCRIPT } from './views/reveal-password';
import { users } from '../../db/schema';
import { usernameSkeleton } from '../../db/username-skeleton';

const account = { email: 'pages@example.org', password: 'pixel-Hero-77', nickname: 'PixelHero' };

/** The page's HTML with whitespace collapsed (the templates are formatted for reading). */
const squash = (html: string) =>
  html.replace(/\s+/g, ' ').replace(/ \/>/g, '>').replace(/ >/g, '>');

/** A client whose requests come from their own address (the app trusts X-Forwarded-For). */
function clientFrom(t: TestApp, address: string, language?: string) {
  const client = fromAddress(new TestOidcClient(t.url, 'arcadia-web', language), address);
  const request = client.browser.request.bind(client.browser);
  client.browser.request = async (target, options = {}) => {
    const page = await request(target, options);
    return { ...page, text: squash(page.text) };
  };
  return client;
}

describe('identity pages', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Each test plays a different client address through X-Forwarded-For, as behind a proxy.
    t = await createTestApp({ embeddedIdentity: true, env: { TRUST_PROXY: 'true' } });
    await new TestOidcClient(t.url).signUp(account);
  });
  afterAll(() => t.close());

  it('shows the sign-in page in German by default, with labels, no-store and a strict CSP', async () => {
    const page = await clientFrom(t, '10.0.0.1', '').begin();
    expect(page.status).toBe(200);
    expect(page.url).toMatch(/\/oidc\/interaction\/[\w-]+$/);
    expect(page.text).toContain('<html lang="de">');
    expect(page.text).toContain('<h1 id="title">Anmelden</h1>');
    expect(page.text).toContain('<label for="email">E-Mail-Adresse</label>');
    expect(page.text).toContain('<label for="password">Passwort</label>');
    expect(page.text).toMatch(
      /<input id="password" name="password" type="password" autocomplete="current-password" required/,
    );
    expect(page.text).toContain('Passwort vergessen?');
    expect(page.text).toContain('Konto erstellen');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('form-action');
    // One script: the password field's show/hide button, allowed by its hash and nothing else.
    const scripts = [...page.text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toEqual([REVEAL_PASSWORD_SCRIPT]);
    expect(csp).toContain(
      `script-src 'sha256-${createHash('sha256').update(scripts[0]!).digest('base64')}'`,
    );
    expect(csp.match(/'sha256-/g)).toHaveLength(1);
    expect(page.text).toMatch(
      /<div class="secret"><input id="password"[^>]*><button type="button" class="reveal" data-reveal="password" data-show="Anzeigen" data-hide="Verbergen" data-show-label="Passwort anzeigen" data-hide-label="Passwort verbergen" aria-label="Passwort anzeigen" hidden> Anzeigen <\/button><\/div>/,
    );
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const css = /<link rel="stylesheet" href="(\/oidc\/ui\/identity\.[^"]+)">/.exec(page.text)![1]!;
    const style = await fetch(`${t.url}${css}`);
    expect(style.headers.get('content-type')).toContain('text/css');
    expect(style.headers.get('cache-control')).toContain('immutable');
    const sheet = await style.text();
    // The app's look: its night background, neon cyan and pink, its display font family.
    for (const token of ['#0a0a1f', '#2ee6ff', '#ff4fb8', '--font-display']) {
      expect(sheet).toContain(token);
    }
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("font-src 'self'");
    // The app's display font faces come from their own stylesheet (empty without a built app).
    expect(page.text).toContain('<link rel="stylesheet" href="/oidc/ui/fonts.css">');
    const fonts = await fetch(`${t.url}/oidc/ui/fonts.css`);
    expect(fonts.status).toBe(200);
    expect(fonts.headers.get('content-type')).toContain('text/css');
    expect(sheet).toContain('--font-display:"Arcadia Display",');
  });

  it('looks like the app: the header wordmark linking to the app, the favicon', async () => {
    const page = await clientFrom(t, '10.0.0.9', 'en').begin();
    expect(page.text).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32 64x64">');
    expect(page.text).toMatch(
      /<a class="brand" href="[^"]+\/" aria-label="Arcadia – home"><svg class="brand-mark"[^>]*aria-hidden="true"/,
    );
    expect(page.text).toContain('<span class="brand-name">Arcadia</span>');
    // No inline style anywhere: the CSP allows our stylesheet only.
    expect(page.text).not.toMatch(/<style|style="/);
    const icon = await fetch(`${t.url}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/x-icon');
    const bytes = Buffer.from(await icon.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]); // an ICO file
    expect(bytes.includes(Buffer.from('\x89PNG', 'latin1'))).toBe(true); // holding PNG images
  });

  it("links the provider's own pages (errors, logout) to themselves in the other language", async () => {
    // Rendered by the provider below its mount (providerPages: errors, the logout confirmation):
    // the link must keep /oidc.
    const error = await fetch(
      `${t.url}/oidc/authorize?client_id=arcadia-web&redirect_uri=https%3A%2F%2Fevil.example&response_type=code&scope=openid`,
    );
    expect(error.status).toBe(400);
    const html = await error.text();
    const href = /class="lang"\s+href="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    expect(href).toMatch(/^\/oidc\/authorize\?/);
    expect(new URL(href, t.url).searchParams.get('lang')).toBe('en');
  });

  it('switches to English by link (remembered in a cookie) and by Accept-Language', async () => {
    const client = clientFrom(t, '10.0.0.2');
    const german = await client.begin();
    const href = /<a class="lang" href="([^"]+)"/.exec(german.text)![1]!.replace(/&amp;/g, '&');
    const english = await client.browser.navigate(new URL(href, german.url).href);
    expect(english.text).toContain('<html lang="en">');
    expect(english.text).toContain('<h1 id="title">Sign in</h1>');
    expect(english.text).toContain('<label for="email">E-mail address</label>');
    expect(client.browser.cookieNames()).toContain('arcadia_lang');
    // And the app's: it goes on in English after the sign-in.
    expect(client.browser.cookieNames()).toEqual(
      expect.arrayContaining(['arcadia_app_lang', 'arcadia_lang_chosen']),
    );
    // The next page (sign-up) stays English without ?lang.
    const signUp = await client.browser.navigate(
      new URL(/href="([^"]*\/signup)"/.exec(english.text)![1]!, english.url).href,
    );
    expect(signUp.text).toContain('<h1 id="title">Create account</h1>');
    expect(signUp.text).toContain(
      'At least 10 characters, with letters and digits, not your e-mail address and not easy to guess.',
    );

    const browserEnglish = await clientFrom(t, '10.0.0.3', 'en-GB,en;q=0.8').begin();
    expect(browserEnglish.text).toContain('<h1 id="title">Sign in</h1>');
    const appEnglish = await clientFrom(t, '10.0.0.3', 'de').begin({ ui_locales: 'en' });
    expect(appEnglish.text).toContain('<h1 id="title">Sign in</h1>');
  });

  it('answers a wrong password and an unknown e-mail with the same message', async () => {
    const client = clientFrom(t, '10.0.1.1');
    const wrong = await client.submit(await client.begin(), {
      email: account.email,
      password: 'nope-Nope-123',
    });
    const unknown = await client.submit(await client.begin(), {
      email: 'nobody@example.org',
      password: 'nope-Nope-123',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const message = (text: string) =>
      /<div class="alert" role="alert"[^>]*>([^<]*)<\/div>/.exec(text)?.[1];
    expect(message(wrong.text)).toBe('E-Mail-Adresse oder Passwort ist falsch.');
    expect(message(unknown.text)).toBe(message(wrong.text));
    expect(wrong.text).not.toContain('nope-Nope-123');
    // Both fields are marked and described by the one message (which of them is not told).
    expect(wrong.text).toMatch(
      /id="email"[^>]*aria-invalid="true" aria-describedby="signin-error"/,
    );
    expect(wrong.text).toMatch(
      /id="password"[^>]*aria-invalid="true" aria-describedby="signin-error"/,
    );
    expect(wrong.text).toContain('id="signin-error"');
  });

  it('names an empty or malformed field at the field, and tries nothing', async () => {
    const client = clientFrom(t, '10.0.1.2');
    const empty = await client.submit(await client.begin(), { email: '', password: '' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain(
      '<p class="field-error" id="email-error">Bitte gib eine gültige E-Mail-Adresse ein.</p>',
    );
    expect(empty.text).toContain(
      '<p class="field-error" id="password-error">Bitte gib dein Passwort ein.</p>',
    );
    expect(empty.text).toMatch(
      /id="email"[^>]*aria-invalid="true"[^>]*aria-describedby="email-error"/,
    );
    expect(empty.text).toMatch(/id="email"[^>]*autofocus/);
    expect(empty.text).toContain('role="alert"');
    const noPassword = await client.submit(await client.begin(), {
      email: account.email,
      password: '',
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.text).toMatch(/id="password"[^>]*aria-invalid="true"[^>]*autofocus/);
    expect(noPassword.text).not.toContain('E-Mail-Adresse oder Passwort ist falsch.');
  });

  it('throttles repeated failures for an account from one address, not its owner elsewhere', async () => {
    const victim = { email: 'victim@example.org', password: 'victim-Pass-1', nickname: 'Victim' };
    await new TestOidcClient(t.url).signUp(victim);
    const client = clientFrom(t, '10.0.2.1');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const page = await client.submit(await client.begin(), {
        email: victim.email.toUpperCase(),
        password: `wrong-Pass-${i}0`,
      });
      statuses.push(page.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    // The guessing address is blocked for this account, even with the right password.
    const blocked = await client.submit(await client.begin(), victim);
    expect(blocked.status).toBe(429);
    expect(blocked.text).toContain(
      'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es in 15 Minuten erneut.',
    );
    expect(blocked.leftFor).toBeUndefined();
    // The player signs in from their own address: five wrong passwords by someone else do not
    // lock them out (found by a security review).
    const owner = clientFrom(t, '10.0.2.2');
    const signedIn = await owner.submit(await owner.begin(), victim);
    expect(owner.codeFrom(signedIn.leftFor)).toBeTruthy();
    // Once the block is over, the right password works from the first address too.
    await t.db.execute(
      `update login_throttle set blocked_until = now() - interval '1 second', window_start = now() - interval '1 hour'`,
    );
    const again = await client.submit(await client.begin(), victim);
    expect(client.codeFrom(again.leftFor)).toBeTruthy();
  });

  it('throttles guessing an account from many addresses: the account is blocked everywhere', async () => {
    const target = { email: 'target@example.org', password: 'target-Pass-1', nickname: 'Target' };
    await new TestOidcClient(t.url).signUp(target);
    // Ten addresses, five wrong passwords each: fifty failures for the account.
    let last = 0;
    for (let a = 0; a < 10; a++) {
      const client = clientFrom(t, `10.0.5.${a + 1}`);
      for (let i = 0; i < 5; i++) {
        const page = await client.submit(await client.begin(), {
          email: target.email,
          password: `wrong-Pass-${a}${i}`,
        });
        last = page.status;
      }
    }
    expect(last).toBe(429);
    const owner = clientFrom(t, '10.0.5.99');
    const blocked = await owner.submit(await owner.begin(), target);
    expect(blocked.status).toBe(429);
    await t.db.execute(
      `update login_throttle set blocked_until = now() - interval '1 second', window_start = now() - interval '1 hour'`,
    );
    // Fifty password checks: over 30 s on a loaded machine, and a test timed out goes on in the
    // background, its reset above then emptying the next test's counts (seen in CI).
  }, 120_000);

  it('throttles repeated failures per client address across accounts', async () => {
    const client = clientFrom(t, '10.0.3.1');
    let last = 0;
    for (let i = 0; i < 20; i++) {
      const page = await client.submit(await client.begin(), {
        email: `guess${i}@example.org`,
        password: 'guess-Word-1',
      });
      last = page.status;
    }
    expect(last).toBe(429);
    const page = await client.submit(await client.begin(), {
      email: 'someone-new@example.org',
      password: 'guess-Word-1',
    });
    expect(page.status).toBe(429);
    // Another address is not affected.
    const elsewhere = clientFrom(t, '10.0.3.2');
    const ok = await elsewhere.submit(await elsewhere.begin(), account);
    expect(elsewhere.codeFrom(ok.leftFor)).toBeTruthy();
  }, 60_000);

  it('checks the sign-up form: strength rules, nickname length and taken, duplicate e-mail; nothing written', async () => {
    await t.db
      .insert(users)
      .values({ userName: 'NeonNova', userNameSkeleton: usernameSkeleton('NeonNova') });
    const client = clientFrom(t, '10.0.4.1');
    const signIn = await client.begin();
    const signUp = await client.browser.navigate(
      new URL(/href="([^"]*\/signup)"/.exec(signIn.text)![1]!, signIn.url).href,
    );
    expect(signUp.text).toContain('<label for="nickname">Spitzname</label>');
    expect(signUp.text).toMatch(/id="password"[^>]*aria-describedby="password-hint"/);
    const counts = await t.counts('accounts');
    const cases: [Record<string, string>, string, string][] = [
      [
        { email: 'new@example.org', nickname: 'Newbie', password: 'short1' },
        'password',
        'Das Passwort muss mindestens 10 Zeichen lang sein.',
      ],
      [
        { email: 'new@example.org', nickname: 'Newbie', password: 'onlyletters' },
        'password',
        'Das Passwort muss Buchstaben und Ziffern enthalten.',
      ],
      [
        { email: 'new1234567@example.org', nickname: 'Newbie', password: 'new1234567@example.org' },
        'password',
        'Das Passwort darf nicht deine E-Mail-Adresse sein.',
      ],
      [
        { email: 'new@example.org', nickname: 'Newbie', password: 'password12' },
        'password',
        'Dieses Passwort ist zu leicht zu erraten. Nimm zum Beispiel mehrere Wörter mit Ziffern dazwischen.',
      ],
      [
        { email: 'new@example.org', nickname: 'No', password: 'long-Enough-1' },
        'nickname',
        'Der Spitzname muss 3 bis 12 Zeichen lang sein.',
      ],
      [
        { email: 'new@example.org', nickname: 'ThirteenChars', password: 'long-Enough-1' },
        'nickname',
        'Der Spitzname muss 3 bis 12 Zeichen lang sein.',
      ],
      [
        { email: 'new@example.org', nickname: 'neonnova', password: 'long-Enough-1' },
        'nickname',
        'Dieser Spitzname ist schon vergeben. Wähle einen anderen.',
      ],
      [
        // A look-alike (Cyrillic е, zero for o) is as taken as the name: registration refuses it.
        { email: 'new@example.org', nickname: ' N\u0435onN0va ', password: 'long-Enough-1' },
        'nickname',
        'Dieser Spitzname ist schon vergeben. Wähle einen anderen.',
      ],
      [
        // A direction control turns the name around in every mail's greeting.
        { email: 'new@example.org', nickname: 'Ann\u202eaxx', password: 'long-Enough-1' },
        'nickname',
        'Der Spitzname braucht sichtbare Zeichen und darf keine Steuerzeichen enthalten.',
      ],
      [
        { email: 'new@example.org', nickname: '\u2800\u2800\u2800', password: 'long-Enough-1' },
        'nickname',
        'Der Spitzname braucht sichtbare Zeichen und darf keine Steuerzeichen enthalten.',
      ],
      [
        { email: 'not-an-email', nickname: 'Newbie', password: 'long-Enough-1' },
        'email',
        'Bitte gib eine gültige E-Mail-Adresse ein.',
      ],
    ];
    for (const [fields, field, message] of cases) {
      const page = await client.submit(signUp, fields);
      expect(page.status, message).toBe(400);
      // Said once, at the field; the alert above the form says to correct the marked fields.
      expect(page.text).toContain(
        '<div class="alert" role="alert">Bitte korrigiere die markierten Felder.</div>',
      );
      expect(page.text).toContain(`<p class="field-error" id="${field}-error">${message}</p>`);
      expect(page.text.split(message)).toHaveLength(2);
      expect(page.text).toMatch(new RegExp(`id="${field}"[^>]*aria-invalid="true"`));
      expect(page.text).not.toContain(
        fields.password === fields.email
          ? 'value="new1234567@example.org"' + ' type="password"'
          : fields.password!,
      );
    }
    const taken = await client.submit(signUp, {
      email: 'PAGES@example.org',
      nickname: 'Again',
      password: 'long-Enough-1',
    });
    // Back to signing in (the answer itself equals a new address's, signup-privacy.test.ts),
    // where the page says what happened and keeps the address.
    expect(taken.status).toBe(200);
    expect(taken.text).toContain('name="password"');
    expect(taken.text).toContain(
      '<div class="notice" role="status">Für diese E-Mail-Adresse gibt es vielleicht schon ein Konto',
    );
    expect(taken.text).toMatch(/id="email"[^>]*value="PAGES@example.org"/);
    expect(await t.counts('accounts')).toEqual(counts);
  });

  it('refuses forms without the form token or from another origin, writing nothing', async () => {
    const client = clientFrom(t, '10.0.5.1');
    const signIn = await client.begin();
    const signUp = await client.browser.navigate(
      new URL(/href="([^"]*\/signup)"/.exec(signIn.text)![1]!, signIn.url).href,
    );
    const form = formOf(signUp.text);
    const fields = { email: 'csrf@example.org', nickname: 'Csrf', password: 'long-Enough-1' };
    const counts = await t.counts('accounts');
    const noToken = await client.browser.request(new URL(form.action, signUp.url).href, {
      form: fields,
    });
    expect(noToken.status).toBe(403);
    expect(noToken.text).toContain('Das Formular ist abgelaufen.');
    const crossSite = await client.browser.request(new URL(form.action, signUp.url).href, {
      form: { ...form.fields, ...fields },
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(await t.counts('accounts')).toEqual(counts);
  });

  it('explains an unknown or finished interaction instead of failing', async () => {
    const client = clientFrom(t, '10.0.6.1');
    const page = await client.browser.navigate('/oidc/interaction/not-a-real-uid');
    expect(page.status).toBe(400);
    expect(page.text).toContain('Diese Anmeldung ist abgelaufen');
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it('sends a signed-in browser back to the app from a finished sign-in or sign-up page (Back)', async () => {
    const client = clientFrom(t, '10.0.6.2');
    const signIn = await client.begin();
    const signUpUrl = new URL(/href="([^"]*\/signup)"/.exec(signIn.text)![1]!, signIn.url).href;
    const done = await client.submit(await client.browser.navigate(signUpUrl), {
      email: 'back-button@example.org',
      nickname: 'Backer',
      password: 'long-Enough-1',
    });
    client.codeFrom(done.leftFor);
    // Back to the pages of the finished interaction: the app, not 'Da ist etwas schiefgelaufen'.
    for (const url of [signIn.url, signUpUrl]) {
      const back = await client.browser.request(url);
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toBe(`${t.config.publicUrl}/login`);
    }
    // A browser without a session still gets the explanation.
    const other = clientFrom(t, '10.0.6.3');
    expect((await other.browser.request(signIn.url)).status).toBe(400);
  });

  it('cancels back to the app with access_denied', async () => {
    const client = clientFrom(t, '10.0.7.1');
    const signIn = await client.begin();
    const cancel = /href="([^"]*\/abort)"/.exec(signIn.text)![1]!;
    const done = await client.browser.navigate(new URL(cancel, signIn.url).href);
    const url = new URL(done.leftFor!);
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('state')).toBe(client.state);
  });

  it('renders provider errors in the app style', async () => {
    const res = await fetch(`${t.url}/oidc/authorize?client_id=unknown&response_type=code`, {
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain('<h1 id="title">Something went wrong</h1>');
    expect(text).toContain('invalid_client');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});
