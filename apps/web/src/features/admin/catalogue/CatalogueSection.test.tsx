import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { AdminApplication } from '@arcadia/contracts';
import { apiError, callsTo, server } from '../../../testing/api';
import { catalogueHandlers as api } from '../../../testing/catalogue-api';
import { commando, frostBase, neonDocks, renderCatalogue, renderConsole, serve } from './testing';

describe('the console catalogue section', () => {
  it('lists the games with their modes in order, in German', async () => {
    serve();
    await renderCatalogue();
    expect(screen.getByRole('heading', { level: 2, name: 'Katalog' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Katalog' })).toHaveAttribute(
      'href',
      '/admin/catalogue?arcade=berlin',
    );
    const modes = within(screen.getByRole('region', { name: 'Modi von Commando' }));
    const rows = modes.getAllByRole('listitem').map((li) => li.textContent);
    // Numbered from 1 (stored from 0).
    expect(rows[0]).toContain('1. Jeder gegen jeden');
    expect(rows[1]).toContain('2. Eliminierung');
    expect(rows[2]).toContain('3. Team-Deathmatch');
    // Every rule set is offered: no "add a mode".
    expect(screen.queryByRole('button', { name: 'Modus hinzufügen' })).not.toBeInTheDocument();
  });

  it('adds a game; bad fields are named in German before sending, a refusal too', async () => {
    serve();
    const { user } = await renderCatalogue();
    await user.click(screen.getByRole('button', { name: 'Spiel hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neues Spiel' });
    await user.type(within(dialog).getByLabelText(/^ID/), 'Pong!');
    await user.type(within(dialog).getByLabelText('Name'), 'Pong');
    await user.type(within(dialog).getByLabelText('Beschreibung (Deutsch)'), 'Ein Klassiker.');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(within(dialog).getByLabelText(/^ID/)).toHaveAccessibleDescription(
      expect.stringContaining('Die ID braucht 1 bis 32 Zeichen: Kleinbuchstaben'),
    );
    expect(within(dialog).getByLabelText('Beschreibung (Englisch)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(
      within(dialog).getByText('Der englische Text braucht 1 bis 2000 Zeichen.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/must/)).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/applications')).toHaveLength(0);

    // What the server still refuses is shown by field in the section's words, not its English.
    server.use(
      api.createApplication(
        apiError(400, 'bad_request', 'Invalid body', [
          { path: 'name', message: 'name must not be empty' },
        ]),
      ),
    );
    await user.clear(within(dialog).getByLabelText(/^ID/));
    await user.type(within(dialog).getByLabelText(/^ID/), 'pong');
    await user.type(within(dialog).getByLabelText('Beschreibung (Englisch)'), 'A classic.');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(
      await within(dialog).findByText('Der Name braucht 1 bis 80 Zeichen.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/must not be empty/)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^ID/)).not.toHaveAttribute('aria-invalid', 'true');

    const pong: AdminApplication = {
      id: 'pong',
      name: 'Pong',
      description: { de: 'Ein Klassiker.', en: 'A classic.' },
      iconPath: null,
      modes: [],
    };
    server.use(api.createApplication({ status: 201, body: pong }));
    serve([commando, pong]);
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST', '/api/admin/applications').at(-1)!.body).toEqual({
      id: 'pong',
      name: 'Pong',
      description: { de: 'Ein Klassiker.', en: 'A classic.' },
      iconPath: null,
    });
    expect(await screen.findByRole('heading', { name: 'Pong' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Dieses Spiel bietet noch keine Modi an: Geräte können keine Spiele melden.',
      ),
    ).toBeInTheDocument();
  });

  it('retires a mode and renames one', async () => {
    serve();
    const { user } = await renderCatalogue();
    server.use(
      api.retireMode(
        { body: { ...commando.modes[2]!, retiredAt: '2026-11-26T12:00:00.000Z' } },
        { verb: 'retire' },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Stilllegen: Team-Deathmatch' }));
    const confirm = screen.getByRole('dialog', { name: 'Modus „Team-Deathmatch“ stilllegen?' });
    expect(confirm).toHaveTextContent(
      'neue Meldungen der Geräte in diesem Modus werden ab sofort abgelehnt',
    );
    expect(
      callsTo('POST', '/api/admin/applications/commando/modes/deathmatch/retire'),
    ).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Stilllegen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(
        callsTo('POST', '/api/admin/applications/commando/modes/deathmatch/retire'),
      ).toHaveLength(1),
    );

    server.use(
      api.updateMode({
        body: { ...commando.modes[1]!, name: { de: 'Ausschalten', en: 'Elimination' } },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Bearbeiten: Eliminierung' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modus „Eliminierung“ bearbeiten' });
    expect(within(dialog).getByLabelText('Reihenfolge')).toHaveValue(2);
    const name = within(dialog).getByLabelText('Name (Deutsch)');
    await user.clear(name);
    await user.type(name, 'Ausschalten');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('PATCH', '/api/admin/applications/commando/modes/elimination')[0]!.body).toEqual(
      {
        name: { de: 'Ausschalten', en: 'Elimination' },
        description: { de: 'Eliminierung erklärt', en: 'Elimination explained' },
        iconPath: null,
        position: 1,
      },
    );
  });

  it('maps: lists them with their state, brings a retired one back', async () => {
    serve();
    const { user } = await renderCatalogue();
    await user.click(screen.getByRole('tab', { name: 'Karten' }));
    const table = screen.getByRole('table', { name: 'Karten aller Spiele' });
    const frost = within(table).getByRole('row', { name: /Frost Base/ });
    expect(within(frost).getByText('Stillgelegt')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Neon Docks/ })).toHaveTextContent('Aktiv');
    server.use(api.retireMap({ body: { ...frostBase, retiredAt: null } }, { verb: 'unretire' }));
    await user.click(within(frost).getByRole('button', { name: 'Wieder aktivieren: Frost Base' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/admin/maps/frost-base/unretire')).toHaveLength(1),
    );
  });

  it('maps: retiring one is asked first, and cancelling sends nothing', async () => {
    serve();
    const { user } = await renderCatalogue();
    await user.click(screen.getByRole('tab', { name: 'Karten' }));
    server.use(api.retireMap({ body: { ...neonDocks, retiredAt: '2026-11-26T12:00:00.000Z' } }));
    await user.click(screen.getByRole('button', { name: 'Stilllegen: Neon Docks' }));
    let confirm = screen.getByRole('dialog', { name: 'Karte „Neon Docks“ stilllegen?' });
    expect(confirm).toHaveTextContent(
      'neue Meldungen der Geräte auf dieser Karte werden ab sofort abgelehnt',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    expect(callsTo('POST', '/api/admin/maps/neon-docks/retire')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Stilllegen: Neon Docks' }));
    confirm = screen.getByRole('dialog', { name: 'Karte „Neon Docks“ stilllegen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Stilllegen' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/admin/maps/neon-docks/retire')).toHaveLength(1),
    );
  });

  it('adds a map with an icon uploaded through the assets route', async () => {
    serve();
    const { user } = await renderCatalogue();
    await user.click(screen.getByRole('tab', { name: 'Karten' }));
    await user.click(screen.getByRole('button', { name: 'Karte hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neue Karte' });
    await user.type(within(dialog).getByLabelText(/^ID/), 'the-grid');
    await user.type(within(dialog).getByLabelText('Name'), 'The Grid');
    const url = '/api/assets/5b0c8e8a-1f2d-4e3c-8a9b-7c6d5e4f3a2b/grid.png';
    server.use(
      api.uploadAsset({
        status: 201,
        body: {
          id: '5b0c8e8a-1f2d-4e3c-8a9b-7c6d5e4f3a2b',
          fileName: 'grid.png',
          contentType: 'image/png',
          width: 64,
          height: 64,
          size: 4,
          url,
        },
      }),
      api.createMap({
        status: 201,
        body: {
          id: 'the-grid',
          applicationId: 'commando',
          name: 'The Grid',
          iconPath: url,
          retiredAt: null,
        },
      }),
    );
    const file = new File(['\x89PNG'], 'grid.png', { type: 'image/png' });
    const picker = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(picker, file);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Icon (hochgeladen oder Pfad der Seite)')).toHaveValue(
        url,
      ),
    );
    expect(callsTo('POST', '/api/admin/assets')[0]!.query.get('name')).toBe('grid.png');
    expect(within(dialog).getByRole('img', { name: 'Vorschau des Icons' })).toHaveAttribute(
      'src',
      `${url}?w=96`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST', '/api/admin/maps')[0]!.body).toEqual({
      id: 'the-grid',
      applicationId: 'commando',
      name: 'The Grid',
      iconPath: url,
    });
  });

  it('a map: a bad icon address and id are named before sending, in English too', async () => {
    serve();
    const { user } = await renderCatalogue(true, 'en');
    await user.click(screen.getByRole('tab', { name: 'Maps' }));
    await user.click(screen.getByRole('button', { name: 'Add a map' }));
    const dialog = await screen.findByRole('dialog', { name: 'New map' });
    await user.type(within(dialog).getByLabelText(/^Id/), 'The Grid');
    await user.type(within(dialog).getByLabelText('Name'), 'The Grid');
    await user.type(within(dialog).getByLabelText(/^Icon/), 'assets/grid.png');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByText(
        'Please upload an image or give a site path (/assets/…) (at most 500 characters).',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/^The id needs 1 to 64 characters/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/must be/)).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/maps')).toHaveLength(0);
  });

  it('refuses a file that is not an image before uploading', async () => {
    serve();
    const { user } = await renderCatalogue();
    await user.click(screen.getByRole('button', { name: 'Bearbeiten: Commando' }));
    const dialog = await screen.findByRole('dialog');
    const picker = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    // The picker's accept="image/*" is a hint: a dropped or forced file of another type is refused.
    fireEvent.change(picker, {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await within(dialog).findByText('Bitte wähle eine Bilddatei.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/assets')).toHaveLength(0);
  });

  it('staff read the catalogue without edit buttons, in English too', async () => {
    serve();
    const { user } = await renderCatalogue(false, 'en');
    expect(
      screen.getByText('Only admins change the catalogue; you can look at it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a game' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Maps' }));
    expect(screen.getByRole('row', { name: /Frost Base/ })).toHaveTextContent('Retired');
    expect(screen.queryByRole('button', { name: /Retire|Bring back/ })).not.toBeInTheDocument();
  });

  it('passes axe on both tabs and in the map dialog (jsdom: no colour contrast)', async () => {
    serve();
    const { user, container } = await renderCatalogue();
    const check = async (root: Element) => {
      const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
      expect(
        result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`),
      ).toEqual([]);
    };
    await check(container);
    await user.click(screen.getByRole('tab', { name: 'Karten' }));
    await check(container);
    await user.click(screen.getByRole('button', { name: 'Bearbeiten: Neon Docks' }));
    await check(await screen.findByRole('dialog'));
  }, 30_000);

  it('says so when the catalogue cannot be loaded, and tries again', async () => {
    server.use(
      api.getApplications(apiError(500, 'internal', 'boom')),
      api.getMaps({ body: { maps: [] } }),
    );
    const { user } = await renderConsole();
    expect(
      await screen.findByText('Der Katalog konnte nicht geladen werden.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    serve();
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('heading', { name: 'Commando' })).toBeInTheDocument();
  });
});
