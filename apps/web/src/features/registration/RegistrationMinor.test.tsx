import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppStore } from '../../lib/store/store';
import { callsTo, handlers, server } from '../../testing/api';
import { ME, ownProfile } from '../../testing/factories';
import { renderApp } from '../../testing/render-app';
import { unregisteredStore } from '../../testing/store';
import { Component as RegistrationPage } from './RegistrationPage';

/** yyyy-mm-dd `years` years ago, a day earlier. */
const yearsAgo = (years: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

const account = { sub: 'sub-kid', nickname: 'kiddo', email: 'kiddo@example.com' };

async function renderPage(lang: 'de' | 'en' = 'de', store?: AppStore) {
  return renderApp(
    [
      { path: '/login/registration', Component: RegistrationPage },
      { path: '/profile/:id', element: <p>profile page</p> },
    ],
    { path: '/login/registration', store: store ?? (await unregisteredStore(account)), lang },
  );
}

const submit = () => screen.getByRole('button', { name: 'Jetzt Registrieren!' });
const parentField = () => screen.queryByLabelText<HTMLInputElement>('*eMail deiner Eltern:');

describe('registration under 16: what changes is said at the birthday', () => {
  it.each([
    ['de', 'Geburtstag:', /Unter 16 sehen zuerst nur deine Freunde dein Profil/],
    ['en', 'Birthday:', /at first only your friends see your profile/],
  ] as const)('in %s', async (lang, label, hint) => {
    await renderPage(lang);
    const birthday = screen.getByLabelText(label);
    fireEvent.change(birthday, { target: { value: yearsAgo(20) } });
    expect(screen.queryByText(hint)).toBeNull();
    fireEvent.change(birthday, { target: { value: yearsAgo(14) } });
    expect(screen.getByText(hint)).toBeVisible();
    expect(birthday).toHaveAccessibleDescription(hint);
    // A birthday in the future is an error, not a child.
    fireEvent.change(birthday, { target: { value: '2999-01-01' } });
    expect(screen.queryByText(hint)).toBeNull();
  });
});

/** Issue 17, minors: under 16 by the birthday, ticking marketing mails asks for a parent. */
describe('registration under 16: a parent confirms marketing mails', () => {
  it('asks for the parent address only when the birthday says under 16 and marketing is ticked', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    await user.click(screen.getByRole('checkbox', { name: /Ja, schickt mir/ }));
    expect(parentField()).toBeNull();
    // An adult's birthday: still no parent.
    fireEvent.change(screen.getByLabelText('Geburtstag:'), { target: { value: yearsAgo(20) } });
    expect(parentField()).toBeNull();
    fireEvent.change(screen.getByLabelText('Geburtstag:'), { target: { value: yearsAgo(14) } });
    expect(parentField()).toBeVisible();
    expect(screen.getByText(/Du bist jünger als 16/)).toBeVisible();
    // Required: submit waits for it, and says why.
    expect(submit()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'eMail der Eltern' })).toBeVisible();
    await user.type(parentField()!, 'kiddo@example.com');
    await user.tab();
    expect(parentField()).toHaveAccessibleDescription(
      'Bitte gib die Adresse deiner Eltern ein, nicht deine eigene.',
    );
    await user.clear(parentField()!);
    await user.type(parentField()!, 'mum@');
    expect(parentField()).toHaveAccessibleDescription('Bitte gib eine gültige eMail-Adresse ein.');
    // Unticking marketing hides it and lets the form go without it.
    await user.click(screen.getByRole('checkbox', { name: /Ja, schickt mir/ }));
    expect(parentField()).toBeNull();
    expect(submit()).toBeEnabled();
  });

  it('sends the parent address with the registration', async () => {
    const { user } = await renderPage();
    server.use(handlers.register({ status: 201, body: ownProfile({ id: ME }) }));
    fireEvent.change(screen.getByLabelText('Geburtstag:'), { target: { value: yearsAgo(14) } });
    await user.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    await user.click(screen.getByRole('checkbox', { name: /Ja, schickt mir/ }));
    await user.type(parentField()!, 'Mum@Example.com');
    await user.click(submit());
    expect(await screen.findByText('profile page')).toBeInTheDocument();
    expect(callsTo('POST', '/api/v2/user/registration')[0]?.body).toMatchObject({
      birthday: yearsAgo(14),
      marketingConsent: true,
      parentMail: 'mum@example.com',
    });
  });

  it('no parent address is sent for an adult', async () => {
    const { user } = await renderPage();
    server.use(handlers.register({ status: 201, body: ownProfile({ id: ME }) }));
    fireEvent.change(screen.getByLabelText('Geburtstag:'), { target: { value: yearsAgo(30) } });
    await user.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    await user.click(screen.getByRole('checkbox', { name: /Ja, schickt mir/ }));
    await user.click(submit());
    await waitFor(() => expect(callsTo('POST', '/api/v2/user/registration')).toHaveLength(1));
    expect(callsTo('POST', '/api/v2/user/registration')[0]?.body).not.toHaveProperty('parentMail');
  });

  it('in English too', async () => {
    const { user } = await renderPage('en');
    fireEvent.change(screen.getByLabelText('Birthday:'), { target: { value: yearsAgo(14) } });
    await user.click(screen.getByRole('checkbox', { name: /Yes, send me/ }));
    expect(screen.getByLabelText("*Your parent's e-mail:")).toBeVisible();
    expect(screen.getByText(/You are under 16/)).toBeVisible();
  });
});
