import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AppStore } from '../../lib/store/store';
import { callsTo, deferred, handlers, server } from '../../testing/api';
import { ME, ownProfile } from '../../testing/factories';
import { renderApp } from '../../testing/render-app';
import { signedInStore, unregisteredStore } from '../../testing/store';
import { selectOwnProfile, selectProfileStatus } from '../auth';
import { Component as RegistrationPage } from './RegistrationPage';

function ProfileProbe() {
  return <p>profile page {useParams().id}</p>;
}

/** Signed in, not registered yet: the account claims prefill the form. */
const account = { sub: 'sub-me', nickname: 'nova', email: 'nova@example.com' };
const signedInUnregistered = () => unregisteredStore(account);

/** The registration mutations in the cache (begin, success, error: spec §4), newest last. */
const registrations = (store: AppStore) =>
  Object.values(store.getState().api.mutations).filter((m) => m?.endpointName === 'register');

async function renderPage(store?: AppStore | Promise<AppStore>, lang: 'de' | 'en' = 'de') {
  return renderApp(
    [
      { path: '/login/registration', Component: RegistrationPage },
      { path: '/login/link', element: <p>link page</p> },
      { path: '/profile/:id', Component: ProfileProbe },
    ],
    { path: '/login/registration', store: await (store ?? signedInUnregistered()), lang },
  );
}

function PlayProbe() {
  return <p>play page {useLocation().search}</p>;
}

function ClaimProbe() {
  return <p>claim page {useLocation().pathname}</p>;
}

/** Registers on the page a guard sent the player to from `from` (its remembered target). */
async function registerComingFrom(from: string) {
  const { user } = await renderApp(
    [
      { path: '/login/registration', Component: RegistrationPage },
      { path: '/profile/:id', Component: ProfileProbe },
      { path: '/play', Component: PlayProbe },
      { path: '/claim/:token', Component: ClaimProbe },
    ],
    { path: '/login/registration', state: { from }, store: await signedInUnregistered() },
  );
  server.use(handlers.register({ status: 201, body: ownProfile({ userName: 'nova' }) }));
  await user.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
  await user.click(submit());
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const submit = () => screen.getByRole('button', { name: 'Jetzt Registrieren!' });

describe('registration form', () => {
  it('shows the labels of spec §2 and is prefilled from the account', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Profil erstellen' })).toBeInTheDocument();
    expect(field('*Nutzername (max. 12 Zeichen):').value).toBe('nova');
    expect(field('*eMail:').value).toBe('nova@example.com');
    expect(field('Geburtstag:').value).toBe('');
    expect(field('Instagram:').value).toBe('');
    expect(screen.getByRole('group', { name: '*Agb:' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Marketing Mails:' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bestehenden Account verknüpfen' })).toHaveAttribute(
      'href',
      '/login/link',
    );
  });

  it('English labels when the interface is English', async () => {
    await renderPage(undefined, 'en');
    expect(screen.getByRole('heading', { name: 'Create profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register now!' })).toBeDisabled();
  });

  it('submit is disabled until the form is valid (agb must be checked)', async () => {
    const { user } = await renderPage();
    expect(submit()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    expect(submit()).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    expect(submit()).toBeDisabled();
    expect(screen.getByText('Bitte akzeptiere die Agb.')).toBeInTheDocument();
  });

  it('shows every validation message at its field', async () => {
    const { user } = await renderPage();
    const name = field('*Nutzername (max. 12 Zeichen):');
    const expectNameError = async (value: string, message: string) => {
      await user.clear(name);
      if (value) await user.type(name, value);
      await user.tab();
      expect(name).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(name).toHaveAttribute('aria-invalid', 'true');
    };
    await expectNameError('', 'Bitte gib einen Nutzernamen ein.');
    await expectNameError('ab', 'Der Nutzername muss mindestens 3 Zeichen lang sein.');
    await expectNameError('abcdefghijklm', 'Der Nutzername darf höchstens 12 Zeichen lang sein.');
    await expectNameError('Neon Nova', 'Erlaubt sind nur Buchstaben, Ziffern');
    await expectNameError('...', 'mindestens einen Buchstaben oder eine Ziffer');
    await expectNameError('Spieler', 'Dieser Name ist für die App reserviert.');

    const mail = field('*eMail:');
    await user.clear(mail);
    await user.tab();
    expect(mail).toHaveAccessibleDescription('Bitte gib deine eMail-Adresse ein.');
    await user.type(mail, 'nova@');
    await user.tab();
    expect(mail).toHaveAccessibleDescription('Bitte gib eine gültige eMail-Adresse ein.');

    const birthday = field('Geburtstag:');
    fireEvent.change(birthday, { target: { value: '2999-01-01' } });
    fireEvent.blur(birthday);
    expect(birthday).toHaveAccessibleDescription(
      'Der Geburtstag darf nicht in der Zukunft liegen.',
    );

    const instagram = field('Instagram:');
    await user.type(instagram, 'x'.repeat(31));
    await user.tab();
    expect(instagram).toHaveAccessibleDescription(
      'Der Instagram-Name darf höchstens 30 Zeichen lang sein.',
    );
    expect(submit()).toBeDisabled();
  });

  it('a prefilled name that breaks a rule says so at once', async () => {
    await renderPage(unregisteredStore({ sub: 's', nickname: 'Al', email: 'x@example.com' }));
    expect(field('*Nutzername (max. 12 Zeichen):')).toHaveAccessibleDescription(
      expect.stringContaining('mindestens 3 Zeichen'),
    );
  });

  it('suggests the provider’s nickname without what a player name may not hold', async () => {
    await renderPage(
      unregisteredStore({ sub: 's', nickname: 'Neon Nova Fan', email: 'x@example.com' }),
    );
    expect(field('*Nutzername (max. 12 Zeichen):')).toHaveValue('NeonNovaFan');
    expect(field('*Nutzername (max. 12 Zeichen):')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('registers, stores the profile and goes to /profile/{id}; submit disabled meanwhile', async () => {
    const { user, store } = await renderPage();
    const answer = deferred();
    server.use(
      handlers.register({
        status: 201,
        body: ownProfile({ userName: 'nova', name: 'nova' }),
        wait: answer.promise,
      }),
    );
    await user.type(field('Instagram:'), 'nova.plays');
    await user.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    await user.click(screen.getByRole('checkbox', { name: /Ja, schickt mir/ }));
    await user.click(submit());
    await waitFor(() => expect(submit()).toBeDisabled());
    expect(screen.getByRole('status')).toHaveTextContent('Wird registriert …');
    expect(registrations(store).map((m) => m?.status)).toEqual(['pending']);
    await act(async () => answer.resolve());
    expect(await screen.findByText(`profile page ${ME}`)).toBeInTheDocument();
    expect(callsTo('POST', '/api/v2/user/registration')[0]?.body).toEqual({
      username: 'nova',
      mail: 'nova@example.com',
      instagram: 'nova.plays',
      agb: true,
      marketingConsent: true,
    });
    // The profile is stored once, as the own profile (the page that registered has gone).
    expect(selectProfileStatus(store.getState())).toBe('registered');
    expect(selectOwnProfile(store.getState())?.id).toBe(ME);
  });

  it('a player who scanned a device before registering goes back to the device', async () => {
    await registerComingFrom('/play?deviceId=arcadia-berlin;arena-2');
    expect(await screen.findByText('play page ?deviceId=arcadia-berlin;arena-2')).toBeVisible();
  });

  it('a guest who opened a claim code signed out goes back to the code to take the result', async () => {
    await registerComingFrom('/claim/Zm9vYmFyYmF6cXV4');
    expect(await screen.findByText('claim page /claim/Zm9vYmFyYmF6cXV4')).toBeVisible();
  });

  it('any other remembered target: the new profile, as spec §4 says', async () => {
    await registerComingFrom('/leaderboard?metric=rating');
    expect(await screen.findByText(`profile page ${ME}`)).toBeVisible();
  });

  it('a taken name is shown at the name field; changing the name clears it', async () => {
    const { user, store } = await renderPage();
    server.use(
      handlers.register({
        status: 409,
        body: {
          error: {
            code: 'conflict',
            message: 'This user name is already taken',
            details: [{ path: 'username', message: 'This user name is already taken' }],
          },
        },
      }),
    );
    await user.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    await user.click(submit());
    const name = field('*Nutzername (max. 12 Zeichen):');
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(
        expect.stringContaining('Dieser Nutzername ist schon vergeben.'),
      ),
    );
    expect(
      registrations(store).map((m) => [m?.status, (m?.error as { status?: number })?.status]),
    ).toEqual([['rejected', 409]]);
    expect(submit()).toBeDisabled();
    await user.type(name, '2');
    expect(name).not.toHaveAccessibleDescription(expect.stringContaining('vergeben'));
    expect(submit()).toBeEnabled();
  });

  it('400 details from the server are shown at their field', async () => {
    const { user } = await renderPage();
    server.use(
      handlers.register({
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Invalid body',
            details: [{ path: 'mail', message: 'mail is not deliverable' }],
          },
        },
      }),
    );
    await user.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    await user.click(submit());
    await waitFor(() =>
      expect(field('*eMail:')).toHaveAccessibleDescription(
        'Dieser Wert wurde nicht angenommen. Bitte prüfe ihn.',
      ),
    );
    // The server's English reason is for developers, not the player.
    expect(screen.queryByText(/mail is not deliverable/)).toBeNull();
  });

  it('other failures are shown above the form', async () => {
    const { user } = await renderPage();
    server.use(
      handlers.register({
        status: 409,
        body: { error: { code: 'conflict', message: 'A profile is already registered' } },
      }),
    );
    await user.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Für diese Anmeldung gibt es schon ein Profil.',
    );
    // Spec §4: a new begin clears the earlier error while the registration runs.
    const answer = deferred();
    server.use(handlers.register({ status: 201, body: ownProfile(), wait: answer.promise }));
    await user.click(submit());
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    await act(async () => answer.resolve());
  });

  it('the Agb link opens the terms', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('link', { name: 'Agb lesen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allgemeine Geschäftsbedingungen' });
    expect(within(dialog).getAllByRole('listitem').length).toBeGreaterThan(2);
    // The list scrolls on a phone: a keyboard reaches it to scroll it (WCAG 2.1.1).
    const terms = within(dialog).getByRole('list', { name: 'Allgemeine Geschäftsbedingungen' });
    expect(terms).toHaveAttribute('tabindex', '0');
    await user.click(within(dialog).getByRole('button', { name: 'Verstanden' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a player who is already registered goes to their profile', async () => {
    await renderPage(signedInStore());
    expect(await screen.findByText(`profile page ${ME}`)).toBeInTheDocument();
  });
});
