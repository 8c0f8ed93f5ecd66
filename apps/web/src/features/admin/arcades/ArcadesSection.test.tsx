import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminArcade, ArcadeCreate } from '@arcadia/contracts';
import { getToasts } from '../../../components/ui/toast-store';
import { apiError, callsTo, networkError, server } from '../../../testing/api';
import { adminHandlers } from '../../../testing/admin-api';
import { catalogueHandlers } from '../../../testing/catalogue-api';
import { adminArcade, operator, staffOperator } from '../../../testing/admin-factories';
import { renderApp } from '../../../testing/render-app';
import { signedInStore } from '../../../testing/store';
import { Component as AdminConsole } from '../AdminConsole';

const berlin = adminArcade();

/** The console with an arcade list that follows the changes the app sends. */
async function renderArcades(
  path = '/admin/arcades?arcade=berlin',
  who = operator(),
  arcades: AdminArcade[] = [berlin],
  lang: 'de' | 'en' = 'de',
) {
  const state = { arcades: [...arcades] };
  server.use(
    adminHandlers.getOperator({ body: who }),
    adminHandlers.getAdminArcades(() => ({ body: { arcades: state.arcades } })),
    adminHandlers.createArcade(({ body }) => {
      const created: AdminArcade = {
        ...adminArcade(),
        ...body,
        city: body.city ?? '',
        address: body.address ?? '',
        openingHours: body.openingHours ?? [],
        logoPath: body.logoPath ?? null,
      };
      state.arcades.push(created);
      return { status: 201, body: created };
    }),
    adminHandlers.updateArcade(({ body, params }) => {
      state.arcades = state.arcades.map((a) => (a.id === params.arcadeId ? { ...a, ...body } : a));
      return { body: state.arcades.find((a) => a.id === params.arcadeId)! };
    }),
    adminHandlers.retireArcade(({ params }) => {
      state.arcades = state.arcades.map((a) =>
        a.id === params.arcadeId ? { ...a, retiredAt: '2026-11-26T12:00:00.000Z' } : a,
      );
      return { body: state.arcades.find((a) => a.id === params.arcadeId)! };
    }),
  );
  const store = await signedInStore();
  const view = await renderApp([{ path: '/admin/*', Component: AdminConsole }], {
    path,
    store,
    toaster: false,
    lang,
  });
  // The section's code loads on first use (slow on the first test of the file).
  await screen.findByRole('heading', { level: 2 }, { timeout: 10_000 });
  return view;
}

// The section's code loads lazily on first use; load it once here, not inside the first test.
beforeAll(async () => {
  await import('./ArcadesSection');
});

describe('/admin/arcades', () => {
  it('lists the arcades with address and opening hours', async () => {
    await renderArcades();
    const card = (await screen.findByRole('heading', { name: 'Arcadia Berlin' })).closest('li')!;
    expect(within(card).getByText('Warschauer Str. 1, Berlin')).toBeVisible();
    expect(within(card).getByText('Fr 14:00–02:00')).toBeVisible();
  });

  it('an admin creates an arcade with opening hours; it is sent as the contract says', async () => {
    const { user, router } = await renderArcades();
    await user.click(await screen.findByRole('link', { name: 'Neue Spielhalle' }));
    expect(router.state.location.pathname).toBe('/admin/arcades/new');
    await user.type(screen.getByLabelText('Kennung'), 'hamburg');
    await user.type(screen.getByLabelText('Name'), 'Arcadia Hamburg');
    await user.type(screen.getByLabelText('Stadt'), 'Hamburg');
    await user.type(
      screen.getByLabelText('Logo (hochgeladen oder Pfad der Seite)'),
      '/assets/logo.svg',
    );
    await user.click(screen.getByRole('button', { name: 'Öffnungszeit hinzufügen' }));
    await user.selectOptions(screen.getByLabelText('Tag (1)'), 'sat');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(callsTo('POST', '/api/admin/arcades')).toHaveLength(1));
    expect(callsTo('POST', '/api/admin/arcades')[0]!.body).toEqual({
      id: 'hamburg',
      name: 'Arcadia Hamburg',
      city: 'Hamburg',
      address: '',
      logoPath: '/assets/logo.svg',
      openingHours: [{ day: 'sat', opens: '14:00', closes: '23:00' }],
    } satisfies ArcadeCreate);
    expect(await screen.findByRole('heading', { name: 'Arcadia Hamburg' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/arcades');
    expect(getToasts().map((t) => t.title)).toContain('Arcadia Hamburg ist gespeichert.');
  });

  it('uploads a logo through the assets route; its URL is the logo path', async () => {
    const { user } = await renderArcades('/admin/arcades/new?arcade=berlin');
    const url = '/api/assets/5b0c8e8a-1f2d-4e3c-8a9b-7c6d5e4f3a2b/logo.png';
    server.use(
      catalogueHandlers.uploadAsset({
        status: 201,
        body: {
          id: '5b0c8e8a-1f2d-4e3c-8a9b-7c6d5e4f3a2b',
          fileName: 'logo.png',
          contentType: 'image/png',
          width: 64,
          height: 64,
          size: 4,
          url,
        },
      }),
    );
    await user.type(await screen.findByLabelText('Kennung'), 'leipzig');
    await user.type(screen.getByLabelText('Name'), 'Arcadia Leipzig');
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(picker, new File(['\x89PNG'], 'logo.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Logo (hochgeladen oder Pfad der Seite)')).toHaveValue(url),
    );
    expect(callsTo('POST', '/api/admin/assets')[0]!.query.get('name')).toBe('logo.png');
    // The shared icon field speaks of the logo here.
    expect(screen.getByRole('button', { name: 'Logo entfernen' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Icon entfernen' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Vorschau des Logos' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/admin/arcades')[0]?.body).toMatchObject({ logoPath: url }),
    );
  });

  it('shows what is wrong before sending, and a taken id from the server', async () => {
    const { user } = await renderArcades('/admin/arcades/new?arcade=berlin');
    await user.type(await screen.findByLabelText('Kennung'), 'no spaces');
    await user.type(
      screen.getByLabelText('Logo (hochgeladen oder Pfad der Seite)'),
      'https://cdn.example/logo.png',
    );
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte prüfe die markierten Felder.');
    // The first field to fix has the focus, its message as its description.
    expect(screen.getByLabelText('Kennung')).toHaveFocus();
    expect(screen.getByLabelText('Kennung')).toHaveAccessibleDescription(
      expect.stringContaining('Die Kennung braucht 1 bis 64 Buchstaben'),
    );
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
      'Der Name braucht 1 bis 80 sichtbare Zeichen, ohne Steuerzeichen.',
    );
    expect(
      screen.getByLabelText('Logo (hochgeladen oder Pfad der Seite)'),
    ).toHaveAccessibleDescription(
      expect.stringContaining(
        'Bitte ein Bild hochladen oder einen Pfad der Seite (/assets/…) angeben.',
      ),
    );
    expect(callsTo('POST', '/api/admin/arcades')).toHaveLength(0);

    server.use(adminHandlers.createArcade(apiError(409, 'conflict', 'exists')));
    await user.clear(screen.getByLabelText('Kennung'));
    await user.type(screen.getByLabelText('Kennung'), 'berlin');
    await user.type(screen.getByLabelText('Name'), 'Doppelt');
    await user.clear(screen.getByLabelText('Logo (hochgeladen oder Pfad der Seite)'));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Diese Kennung ist schon vergeben.')).toBeVisible();
  });

  it('refuses a period that closes when it opens, at its closing time, before sending', async () => {
    const { user } = await renderArcades('/admin/arcades/new?arcade=berlin');
    await user.type(await screen.findByLabelText('Kennung'), 'hamburg');
    await user.type(screen.getByLabelText('Name'), 'Arcadia Hamburg');
    await user.click(screen.getByRole('button', { name: 'Öffnungszeit hinzufügen' }));
    fireEvent.change(screen.getByLabelText('Schließt'), { target: { value: '14:00' } });
    expect(screen.getByLabelText('Öffnet')).toHaveValue('14:00');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(screen.getByLabelText('Schließt')).toHaveAccessibleDescription(
      'Schließen muss eine andere Uhrzeit sein als Öffnen.',
    );
    expect(screen.getByLabelText('Schließt')).toHaveFocus();
    expect(callsTo('POST', '/api/admin/arcades')).toHaveLength(0);
  });

  it('shows the fields a 400 names', async () => {
    const { user } = await renderArcades('/admin/arcades/berlin/edit?arcade=berlin');
    server.use(
      adminHandlers.updateArcade(
        apiError(400, 'validation_failed', 'bad', [{ path: 'address', message: 'too long' }]),
      ),
    );
    await user.type(await screen.findByLabelText('Adresse'), ' Hinterhof');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(
      await screen.findByText('Die Adresse darf höchstens 200 Zeichen haben, ohne Steuerzeichen.'),
    ).toBeVisible();
  });

  it("a 400's fields in the console's words, the first focused; never the server's text", async () => {
    const { user } = await renderArcades('/admin/arcades/berlin/edit?arcade=berlin');
    server.use(
      adminHandlers.updateArcade(
        apiError(400, 'validation_failed', 'Invalid body: city: Too big; openingHours.0.day: x', [
          { path: 'openingHours.0.day', message: 'Invalid option: expected one of "mon"|"tue"' },
          { path: 'city', message: 'Too big: expected string to have <=80 characters' },
          { path: 'openingHours.0', message: 'Invalid input' },
        ]),
      ),
    );
    await user.type(await screen.findByLabelText('Stadt'), '-Mitte');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByLabelText('Stadt')).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte prüfe die markierten Felder.');
    expect(screen.getByLabelText('Stadt')).toHaveAccessibleDescription(
      'Die Stadt darf höchstens 80 Zeichen haben, ohne Steuerzeichen.',
    );
    expect(screen.getByLabelText('Tag (1)')).toHaveAccessibleDescription(
      'Bitte einen Wochentag wählen.',
    );
    expect(screen.getByRole('group', { name: 'Öffnungszeiten' })).toHaveAccessibleDescription(
      'Eine Öffnungszeit passt nicht: Bitte Tag, Öffnen und Schließen prüfen.',
    );
    expect(document.body).not.toHaveTextContent(/Invalid|Too big|expected/);
    // Fixing a field takes its message away; the others stay.
    await user.clear(screen.getByLabelText('Stadt'));
    expect(screen.getByLabelText('Stadt')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Tag (1)')).toHaveAccessibleDescription(
      'Bitte einen Wochentag wählen.',
    );
  });

  it('a 400 naming no field of the form: one message for the form, announced and focused', async () => {
    const { user } = await renderArcades('/admin/arcades/new?arcade=berlin');
    server.use(
      adminHandlers.createArcade(
        apiError(400, 'validation_failed', 'Invalid body: body: Unrecognized key: "color"', [
          { path: 'body', message: 'Unrecognized key: "color"' },
        ]),
      ),
    );
    await user.type(await screen.findByLabelText('Kennung'), 'hamburg');
    await user.type(screen.getByLabelText('Name'), 'Arcadia Hamburg');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Die Spielhalle konnte so nicht gespeichert werden. Bitte prüfe deine Angaben und versuche es noch einmal.',
    );
    expect(alert).toHaveFocus();
    expect(document.body).not.toHaveTextContent(/Unrecognized|Invalid/);
    expect(screen.getByLabelText('Kennung')).not.toHaveAttribute('aria-invalid');

    // A 400 without any details says the same.
    server.use(adminHandlers.createArcade(apiError(400, 'bad_request', 'Body is not JSON')));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(callsTo('POST', '/api/admin/arcades')).toHaveLength(2));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Spielhalle konnte so nicht gespeichert werden.',
    );
    expect(document.body).not.toHaveTextContent('Body is not JSON');
  });

  it('in English: the checks before sending and a 400 speak English', async () => {
    const { user } = await renderArcades(
      '/admin/arcades/new?arcade=berlin',
      operator(),
      [berlin],
      'en',
    );
    await user.type(await screen.findByLabelText('Id'), 'no spaces');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the marked fields.');
    expect(screen.getByLabelText('Id')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
      'The name needs 1 to 80 visible characters, without control characters.',
    );
    expect(callsTo('POST', '/api/admin/arcades')).toHaveLength(0);

    server.use(
      adminHandlers.createArcade(
        apiError(400, 'validation_failed', 'bad', [{ path: 'logoPath', message: 'nope' }]),
      ),
    );
    await user.clear(screen.getByLabelText('Id'));
    await user.type(screen.getByLabelText('Id'), 'hamburg');
    await user.type(screen.getByLabelText('Name'), 'Arcadia Hamburg');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const logo = screen.getByLabelText('Logo (uploaded or site path)');
    await waitFor(() => expect(logo).toHaveFocus());
    expect(logo).toHaveAccessibleDescription(
      expect.stringContaining('Please upload an image or enter a site path (/assets/…).'),
    );
    expect(document.body).not.toHaveTextContent('nope');
  });

  it("a save refused otherwise says why in the console's words, never the server's", async () => {
    const { user } = await renderArcades('/admin/arcades/new?arcade=berlin');
    server.use(
      adminHandlers.createArcade(
        apiError(429, 'rate_limited', 'Rate limit exceeded, retry in 1 minute'),
      ),
    );
    await user.type(await screen.findByLabelText('Kennung'), 'hamburg');
    await user.type(screen.getByLabelText('Name'), 'Arcadia Hamburg');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toEqual([
        'Zu viele Versuche. Bitte warte einen Moment und versuche es dann noch einmal.',
      ]),
    );

    server.use(adminHandlers.createArcade(networkError()));
    await user.click(await screen.findByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toContain(
        'Der Server ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.',
      ),
    );
    expect(getToasts().map((t) => t.title)).not.toContainEqual(
      expect.stringMatching(/Rate limit|fetch|Das hat nicht geklappt:/),
    );
    expect(screen.getByLabelText('Kennung')).not.toHaveAttribute('aria-invalid');
  });

  it('in English: a 403 says the rights are missing (the console asks who you are again), a 503 that the server is not reachable', async () => {
    const { user } = await renderArcades(
      '/admin/arcades/berlin/edit?arcade=berlin',
      operator(),
      [berlin],
      'en',
    );
    server.use(adminHandlers.updateArcade(apiError(403, 'forbidden', 'You may not do this')));
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Arcadia Berlin-Mitte');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toEqual([
        'You lack the rights for this – they may just have been taken from you. The console is checking your access again.',
      ]),
    );
    await waitFor(() => expect(callsTo('GET', '/api/admin/me')).toHaveLength(2));

    server.use(
      adminHandlers.updateArcade(
        apiError(
          503,
          'database_unavailable',
          'The database cannot be reached right now; try again in a moment',
        ),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toContain(
        'The server cannot be reached right now. Please try again in a moment.',
      ),
    );
    expect(getToasts().map((t) => t.title)).not.toContainEqual(
      expect.stringMatching(/database|may not do this/),
    );
  });

  it('staff edit their arcade: only the changed fields are sent', async () => {
    const { user } = await renderArcades('/admin/arcades?arcade=berlin', staffOperator());
    expect(await screen.findByRole('heading', { name: 'Arcadia Berlin' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Neue Spielhalle' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /stilllegen/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Arcadia Berlin bearbeiten' }));
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Arcadia Berlin-Mitte');
    await user.click(screen.getByRole('button', { name: 'Öffnungszeit 1 entfernen' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/admin/arcades/berlin')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/admin/arcades/berlin')[0]!.body).toEqual({
      name: 'Arcadia Berlin-Mitte',
      openingHours: [],
    });
    expect(await screen.findByRole('heading', { name: 'Arcadia Berlin-Mitte' })).toBeVisible();
  });

  it('the picker shows the arcade being edited; picking another opens its editor', async () => {
    const hamburg = adminArcade({ id: 'hamburg', name: 'Arcadia Hamburg', city: 'Hamburg' });
    const { user, router } = await renderArcades('/admin/arcades?arcade=berlin', operator(), [
      berlin,
      hamburg,
    ]);
    await user.click(await screen.findByRole('link', { name: 'Arcadia Hamburg bearbeiten' }));
    expect(await screen.findByLabelText('Name')).toHaveValue('Arcadia Hamburg');
    const picker = screen.getByLabelText('Spielhalle');
    await waitFor(() => expect(picker).toHaveValue('hamburg'));
    await waitFor(() => expect(router.state.location.search).toBe('?arcade=hamburg'));

    // Nothing changed: the other arcade's editor opens without a question.
    await user.selectOptions(picker, 'berlin');
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Arcadia Berlin'));
    expect(router.state.location.pathname).toBe('/admin/arcades/berlin/edit');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before unsaved changes are lost (the picker, a link); after a save it does not', async () => {
    const hamburg = adminArcade({ id: 'hamburg', name: 'Arcadia Hamburg', city: 'Hamburg' });
    const { user, router } = await renderArcades('/admin/arcades/berlin/edit', operator(), [
      berlin,
      hamburg,
    ]);
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Arcadia Berlin-Mitte');

    // Another arcade in the picker: asked; staying keeps the edit and the picker on Berlin.
    await user.selectOptions(screen.getByLabelText('Spielhalle'), 'hamburg');
    let dialog = await screen.findByRole('dialog', { name: 'Änderungen verwerfen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Weiter bearbeiten' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/admin/arcades/berlin/edit');
    expect(screen.getByLabelText('Name')).toHaveValue('Arcadia Berlin-Mitte');
    expect(screen.getByLabelText('Spielhalle')).toHaveValue('berlin');

    // The way back to the list: asked too; discarding goes.
    await user.click(screen.getByRole('link', { name: 'Abbrechen' }));
    dialog = await screen.findByRole('dialog', { name: 'Änderungen verwerfen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwerfen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/arcades'));
    expect(callsTo('PATCH', '/api/admin/arcades/berlin')).toHaveLength(0);

    // Saved: back to the list without a question.
    await user.click(await screen.findByRole('link', { name: 'Arcadia Berlin bearbeiten' }));
    const again = await screen.findByLabelText('Name');
    await user.clear(again);
    await user.type(again, 'Arcadia Berlin-Mitte');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/arcades'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('an admin retires an arcade after confirming', async () => {
    const { user } = await renderArcades();
    await user.click(await screen.findByRole('button', { name: 'Arcadia Berlin stilllegen' }));
    const dialog = screen.getByRole('dialog', { name: 'Arcadia Berlin stilllegen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(callsTo('POST', '/api/admin/arcades/berlin/retire')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Arcadia Berlin stilllegen' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Stilllegen' }),
    );
    await waitFor(() =>
      expect(callsTo('POST', '/api/admin/arcades/berlin/retire')).toHaveLength(1),
    );
    expect(await screen.findByText('Stillgelegt')).toBeVisible();
    expect(getToasts().map((t) => t.title)).toContain('Arcadia Berlin ist stillgelegt.');
  });

  it("a failed retire says so in the console's words and keeps the arcade", async () => {
    const { user } = await renderArcades();
    server.use(adminHandlers.retireArcade(apiError(500, 'internal', 'Internal server error')));
    await user.click(await screen.findByRole('button', { name: 'Arcadia Berlin stilllegen' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Stilllegen' }),
    );
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toEqual([
        'Das hat nicht geklappt. Bitte versuche es noch einmal.',
      ]),
    );
    expect(screen.queryByText('Stillgelegt')).not.toBeInTheDocument();
  });
});
