import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToasts } from '../../../components/ui/toast-store';
import { apiError, callsTo, deferred, server } from '../../../testing/api';
import { adminNewsHandlers } from '../../../testing/admin-news-api';
import {
  createdId,
  draft,
  fillNew,
  live,
  renderNews,
  publishGermanOnly,
  scheduled,
} from './testing';

/** The names of the editor's buttons, in their order. */
const actions = () =>
  within(screen.getByRole('button', { name: /speichern/i }).parentElement!)
    .getAllByRole('button')
    .map((b) => b.textContent);

const toastTitles = () => getToasts().map((t) => t.title);

describe('the news editor: saving, publishing, leaving', () => {
  it('a new article is saved and published in one call, then offers what a published one does', async () => {
    const { user, router, state } = await renderNews('/admin/news/new');
    expect(actions()).toEqual(['Als Entwurf speichern', 'Veröffentlichen']);
    await fillNew(user);
    await publishGermanOnly(user);

    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/news/${createdId}`));
    expect(callsTo('POST', '/api/admin/news').map((c) => c.body)).toEqual([
      expect.objectContaining({ slug: 'winter-cup', publishAt: null, publish: true }),
    ]);
    expect(callsTo('PUT', `/api/admin/news/${createdId}`)).toHaveLength(0);
    expect(state.article).toMatchObject({ status: 'published', live: true });
    expect(toastTitles()).toEqual(['„Winter-Cup“ ist veröffentlicht']);
    expect(await screen.findByText('Veröffentlicht')).toBeVisible();
    expect(actions()).toEqual(['Löschen', 'Zurückziehen', 'Speichern']);
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 30_000);

  it('a refused publish of a new article saves nothing: the form keeps the text and says why', async () => {
    const { user, router } = await renderNews('/admin/news/new');
    server.use(
      adminNewsHandlers.createNewsArticle(
        apiError(409, 'conflict', 'The slug "winter-cup" is already taken'),
      ),
    );
    await fillNew(user);
    await publishGermanOnly(user);
    const slug = screen.getByLabelText('Kurzname (für die Adresse)');
    await waitFor(() => expect(slug).toHaveFocus());
    expect(slug).toHaveAccessibleDescription(
      expect.stringContaining('Diesen Kurznamen hat schon ein anderer Artikel.'),
    );

    server.use(
      adminNewsHandlers.createNewsArticle(
        apiError(503, 'database_unavailable', 'The database cannot be reached right now'),
      ),
    );
    await user.clear(slug);
    await user.type(slug, 'winter-cup-2');
    await publishGermanOnly(user);
    await waitFor(() =>
      expect(toastTitles()).toEqual([
        'Der Server ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.',
      ]),
    );
    expect(callsTo('POST', '/api/admin/news').map((c) => c.body)).toEqual([
      expect.objectContaining({ slug: 'winter-cup', publish: true }),
      expect.objectContaining({ slug: 'winter-cup-2', publish: true }),
    ]);
    expect(router.state.location.pathname).toBe('/admin/news/new');
    expect(screen.getByLabelText('Titel (Deutsch)')).toHaveValue('Winter-Cup');
    expect(screen.getByRole('button', { name: 'Veröffentlichen' })).toBeEnabled();
  }, 30_000);

  it("the publish date is the arcades' time in Berlin, said so, and read back in the console's format", async () => {
    const { user } = await renderNews('/admin/news/new');
    const date = screen.getByLabelText('Veröffentlichungsdatum');
    expect(date).toHaveAttribute('type', 'datetime-local');
    expect(date).toHaveAccessibleDescription(
      expect.stringContaining('Datum und Uhrzeit gelten in Berlin (Europe/Berlin)'),
    );
    expect(date).toHaveAccessibleDescription(
      expect.stringContaining('Wie das Feld sie schreibt, bestimmt dein Browser.'),
    );
    await fillNew(user);
    // Summer time: 09:30 in Berlin is 07:30 UTC, whatever zone the browser is in.
    fireEvent.change(date, { target: { value: '2030-07-01T09:30' } });
    expect(date).toHaveAccessibleDescription(
      expect.stringContaining('Gewählt: 01.07.2030, 09:30 (Berliner Zeit)'),
    );
    await publishGermanOnly(user);
    await waitFor(() => expect(callsTo('POST', '/api/admin/news')).toHaveLength(1));
    expect(callsTo('POST', '/api/admin/news')[0]!.body).toMatchObject({
      publishAt: '2030-07-01T07:30:00.000Z',
      publish: true,
    });
    await waitFor(() =>
      expect(toastTitles()).toEqual(['„Winter-Cup“ erscheint am 01.07.2030, 09:30']),
    );
    expect(await screen.findByText('Geplant')).toBeVisible();
  }, 30_000);

  it('a stored date shows as Berlin time: 17:00 UTC in December is 18:00', async () => {
    await renderNews(`/admin/news/${scheduled.id}`);
    expect(await screen.findByLabelText('Veröffentlichungsdatum')).toHaveValue('2026-12-24T18:00');
  });

  it('a draft offers Speichern and Veröffentlichen; a published article Zurückziehen and Speichern', async () => {
    const { user } = await renderNews(`/admin/news/${draft.id}`);
    await screen.findByDisplayValue('herbst-turnier');
    expect(actions()).toEqual(['Löschen', 'Speichern', 'Veröffentlichen']);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toastTitles()).toEqual(['Artikel „Herbst-Turnier“ gespeichert']));
    expect(callsTo('PUT', `/api/admin/news/${draft.id}`)[0]!.body).toMatchObject({
      publish: false,
    });
    expect(screen.getByText('Entwurf')).toBeVisible();
  });

  it('publishing a draft: badge and buttons follow the saved answer at once, not the cache', async () => {
    const { user, state } = await renderNews(`/admin/news/${draft.id}`);
    await screen.findByDisplayValue('herbst-turnier');
    // The article's refetch after the save is held back: only the save's answer tells.
    const refetch = deferred();
    server.use(
      adminNewsHandlers.getNewsArticle(() => ({ body: state.article, wait: refetch.promise })),
    );
    await publishGermanOnly(user);
    await waitFor(() => expect(toastTitles()).toEqual(['„Herbst-Turnier“ ist veröffentlicht']));
    // The badge may render a commit after the toast (seen in CI under load); the refetch is still
    // held, so only the save's answer can show it.
    await waitFor(() => expect(screen.getByText('Veröffentlicht')).toBeVisible());
    expect(screen.queryByText('Entwurf')).toBeNull();
    expect(actions()).toEqual(['Löschen', 'Zurückziehen', 'Speichern']);
    expect(callsTo('PUT', `/api/admin/news/${draft.id}`)).toHaveLength(1);
    refetch.resolve();
  });

  it('what is typed while a save is on its way stays (unsaved); the other fields take the stored values', async () => {
    const { user, state } = await renderNews(`/admin/news/${draft.id}`);
    const title = await screen.findByLabelText('Titel (Deutsch)');
    const answer = deferred();
    server.use(
      adminNewsHandlers.updateNewsArticle(({ body }) => ({
        // Publishing gives the article its date (the stored value the form takes).
        body: (state.article = {
          ...draft,
          status: 'published',
          live: true,
          publishAt: '2026-11-26T11:00:00.000Z',
          titles: { de: body.translations.de.title, en: null },
          translations: { de: body.translations.de, en: null },
        }),
        wait: answer.promise,
      })),
    );
    await publishGermanOnly(user);
    await waitFor(() => expect(callsTo('PUT', `/api/admin/news/${draft.id}`)).toHaveLength(1));
    await user.type(title, ' 2026');
    answer.resolve();
    await waitFor(() => expect(toastTitles()).toEqual(['„Herbst-Turnier“ ist veröffentlicht']));
    expect(screen.getByLabelText('Titel (Deutsch)')).toHaveValue('Herbst-Turnier 2026');
    expect(screen.getByLabelText('Veröffentlichungsdatum')).toHaveValue('2026-11-26T12:00');
    // The title typed meanwhile is not saved yet: leaving asks.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
  });

  it("a field's error goes once it is edited; the form's alert once none is left", async () => {
    const { user } = await renderNews('/admin/news/new');
    server.use(
      adminNewsHandlers.createNewsArticle(
        apiError(400, 'validation_failed', 'Invalid body', [
          { path: 'slug', message: 'slug is taken' },
          { path: 'translations.de.abstract', message: 'abstract is odd' },
        ]),
      ),
    );
    await fillNew(user);
    await user.click(screen.getByRole('button', { name: 'Als Entwurf speichern' }));
    const slug = screen.getByLabelText('Kurzname (für die Adresse)');
    const abstract = screen.getByLabelText('Kurztext (Deutsch)');
    await waitFor(() => expect(slug).toHaveAttribute('aria-invalid', 'true'));
    expect(abstract).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte prüfe die markierten Felder.');

    await user.type(slug, '-2');
    expect(slug).not.toHaveAttribute('aria-invalid');
    expect(slug).toHaveAccessibleDescription(expect.not.stringContaining('Nur Kleinbuchstaben'));
    // Editing another field (the title) leaves the abstract's error.
    await user.type(screen.getByLabelText('Titel (Deutsch)'), '!');
    expect(abstract).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte prüfe die markierten Felder.');

    await user.type(abstract, '!');
    expect(abstract).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("a refusal's message for the whole form goes with the last field fixed", async () => {
    const { user } = await renderNews('/admin/news/new');
    server.use(
      adminNewsHandlers.createNewsArticle(
        apiError(400, 'validation_failed', 'Invalid body', [
          { path: 'slug', message: 'slug is taken' },
          { path: 'translations', message: 'odd' },
        ]),
      ),
    );
    await fillNew(user);
    await user.click(screen.getByRole('button', { name: 'Als Entwurf speichern' }));
    const slug = screen.getByLabelText('Kurzname (für die Adresse)');
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    await user.type(slug, '-2');
    expect(slug).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('taking a published article down keeps the text being written; then it can be published again', async () => {
    const { user } = await renderNews(`/admin/news/${live.id}`);
    const title = await screen.findByLabelText('Titel (Deutsch)');
    expect(actions()).toEqual(['Löschen', 'Zurückziehen', 'Speichern']);
    await user.clear(title);
    await user.type(title, 'Wir haben zu');
    await user.click(screen.getByRole('button', { name: 'Zurückziehen' }));
    await waitFor(() => expect(toastTitles()).toEqual(['„Wir haben offen“ ist zurückgezogen']));
    expect(await screen.findByText('Zurückgezogen')).toBeVisible();
    expect(screen.getByLabelText('Titel (Deutsch)')).toHaveValue('Wir haben zu');
    expect(actions()).toEqual(['Löschen', 'Speichern', 'Veröffentlichen']);
    // The focus went to the button that took the pressed one's place, not to the page's top.
    expect(screen.getByRole('button', { name: 'Veröffentlichen' })).toHaveFocus();
  });

  it('leaving with unsaved changes asks first: stay keeps them, discard leaves', async () => {
    const { user, router } = await renderNews(`/admin/news/${draft.id}`);
    const title = await screen.findByLabelText('Titel (Deutsch)');
    await user.type(title, ' 2026');
    await user.click(screen.getByRole('link', { name: 'Zu allen Artikeln' }));
    const dialog = await screen.findByRole('dialog', { name: 'Änderungen verwerfen?' });
    expect(dialog).toHaveAccessibleDescription(
      'Was du hier geändert hast, ist noch nicht gespeichert. Wenn du die Seite verlässt, geht es verloren.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Weiter bearbeiten' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(`/admin/news/${draft.id}`);
    expect(screen.getByLabelText('Titel (Deutsch)')).toHaveValue('Herbst-Turnier 2026');

    // Closing or reloading the tab gets the browser's own question.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Zu allen Artikeln' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verwerfen' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/news'));
    expect(callsTo('PUT', `/api/admin/news/${draft.id}`)).toHaveLength(0);
  });

  it('nothing to lose, nothing asked: unchanged, or changed and saved', async () => {
    const { user, router } = await renderNews(`/admin/news/${draft.id}`);
    const title = await screen.findByLabelText('Titel (Deutsch)');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);

    await user.type(title, ' 2026');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toastTitles()).toHaveLength(1));
    await user.click(screen.getByRole('link', { name: 'Zu allen Artikeln' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/news'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
