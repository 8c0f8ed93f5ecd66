import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handlers, server } from '../../testing/api';
import { renderApp } from '../../testing/render-app';
import { unregisteredStore } from '../../testing/store';
import { Component as RegistrationPage } from './RegistrationPage';

/** Where the form's errors go: into view, into focus, and read out (issue 15). */
const account = { sub: 'sub-me', nickname: 'nova', email: 'nova@example.com' };

async function renderPage(lang: 'de' | 'en' = 'de') {
  return renderApp(
    [
      { path: '/login/registration', Component: RegistrationPage },
      { path: '/login/link', element: <p>link page</p> },
    ],
    { path: '/login/registration', store: await unregisteredStore(account), lang },
  );
}

const submit = () => screen.getByRole('button', { name: 'Jetzt Registrieren!' });
const nameField = () => screen.getByLabelText<HTMLInputElement>('*Nutzername (max. 12 Zeichen):');

// jsdom lays nothing out and has no scrollIntoView; record who is scrolled to instead.
const scrolledTo: Element[] = [];
beforeEach(() => {
  scrolledTo.length = 0;
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolledTo.push(this);
  });
});
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('registration errors', () => {
  it('a taken name: the name field is scrolled to and focused, and the message is announced', async () => {
    const { user } = await renderPage();
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
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dieser Nutzername ist schon vergeben.',
    );
    await waitFor(() => expect(nameField()).toHaveFocus());
    expect(scrolledTo).toContain(nameField());
    expect(nameField()).toHaveAccessibleDescription(
      expect.stringContaining('Dieser Nutzername ist schon vergeben.'),
    );
    // The greyed button says why: the name is what to fix.
    expect(submit()).toBeDisabled();
    expect(submit()).toHaveAccessibleDescription('Noch nicht bereit – bitte prüfe: Nutzername');
    // A new name ends the announcement and frees the button.
    await user.type(nameField(), '2');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
    expect(submit()).not.toHaveAccessibleDescription();
  });

  it('the disabled button names what is missing; each name jumps to its field', async () => {
    const { user } = await renderPage();
    expect(submit()).toBeDisabled();
    expect(submit()).toHaveAccessibleDescription('Noch nicht bereit – bitte prüfe: Agb');
    await user.click(screen.getByRole('button', { name: 'Agb' }));
    const agb = screen.getByRole('checkbox', { name: /Ich akzeptiere/ });
    expect(agb).toHaveFocus();
    expect(scrolledTo).toContain(agb);
    expect(agb).toHaveAccessibleDescription('Bitte akzeptiere die Agb.');

    await user.clear(nameField());
    expect(submit()).toHaveAccessibleDescription(
      'Noch nicht bereit – bitte prüfe: Nutzername, Agb',
    );
  });

  it('in English too', async () => {
    await renderPage('en');
    expect(screen.getByRole('button', { name: 'Register now!' })).toHaveAccessibleDescription(
      'Not ready yet – please check: Terms',
    );
  });

  it('a failure of the whole form focuses its message above the form', async () => {
    const { user } = await renderPage();
    server.use(
      handlers.register({
        status: 409,
        body: { error: { code: 'conflict', message: 'A profile is already registered' } },
      }),
    );
    await user.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Für diese Anmeldung gibt es schon ein Profil.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(scrolledTo).toContain(alert);
  });
});
