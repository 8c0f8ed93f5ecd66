import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToasts } from '../../../components/ui/toast-store';
import { apiError, callsTo, deferred, server } from '../../../testing/api';
import { adminNewsHandlers } from '../../../testing/admin-news-api';
import { operator, staffOperator } from '../../../testing/admin-factories';
import {
  createdId,
  draft,
  fillNew,
  renderNews,
  publishGermanOnly,
  scheduled,
  uploadedAsset,
} from './testing';

describe('/admin/news', () => {
  it('lists every article with its status and a link to its editor', async () => {
    await renderNews();
    const card = (name: string) =>
      screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;
    await screen.findByRole('heading', { level: 3, name: 'Herbst-Turnier' });
    expect(within(card('Herbst-Turnier')).getByText('Entwurf')).toBeVisible();
    expect(within(card('Neue Maps')).getByText('Geplant')).toBeVisible();
    expect(within(card('Wir haben offen')).getByText('Veröffentlicht')).toBeVisible();
    expect(
      within(card('Neue Maps')).getByRole('link', { name: 'Bearbeiten: Neue Maps' }),
    ).toHaveAttribute('href', `/admin/news/${scheduled.id}?arcade=berlin`);
  }, 30_000);

  it('is not in the nav of staff', async () => {
    await renderNews('/admin/news', undefined, staffOperator(), false);
    expect(await screen.findByText('Nur für Admins')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'News' })).toBeNull();
  });

  it('says the news are managed in Contentful and offers no editor then', async () => {
    await renderNews('/admin/news', { source: 'contentful', articles: [] });
    expect(await screen.findByText(/kommen auf diesem Server aus Contentful/)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Neuer Artikel' })).toBeNull();
  });

  it('an admin writes a new article in German and English; it is sent as the contract says', async () => {
    const { user, router } = await renderNews();
    await user.click(await screen.findByRole('link', { name: 'Neuer Artikel' }));
    await user.type(screen.getByLabelText('Kurzname (für die Adresse)'), 'winter-cup');
    await user.type(screen.getByLabelText('Titel (Deutsch)'), 'Winter-Cup');
    await user.type(screen.getByLabelText('Kurztext (Deutsch)'), 'Kalt draußen, heiß drinnen');
    await user.type(screen.getByLabelText('Text in Markdown (Deutsch)'), '**Start** 18 Uhr');
    await user.click(screen.getByRole('tab', { name: 'Englisch' }));
    await user.click(screen.getByLabelText('Englische Fassung'));
    await user.type(screen.getByLabelText('Titel (Englisch)'), 'Winter cup');
    await user.type(screen.getByLabelText('Kurztext (Englisch)'), 'Cold outside');
    await user.click(screen.getByRole('button', { name: 'Als Entwurf speichern' }));
    await waitFor(() => expect(callsTo('POST', '/api/admin/news')).toHaveLength(1));
    expect(callsTo('POST', '/api/admin/news')[0]!.body).toEqual({
      slug: 'winter-cup',
      headerAssetId: null,
      publishAt: null,
      translations: {
        de: {
          title: 'Winter-Cup',
          abstract: 'Kalt draußen, heiß drinnen',
          markdown: '**Start** 18 Uhr',
        },
        en: { title: 'Winter cup', abstract: 'Cold outside', markdown: '' },
      },
      publish: false,
    });
    // Saved: on to the article's page, without asking about unsaved changes.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/news/${createdId}`));
    expect(await screen.findByRole('button', { name: 'Speichern' })).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 30_000);

  it("the editor's tab row wraps instead of widening a phone's page", async () => {
    const { user } = await renderNews();
    await user.click(await screen.findByRole('link', { name: 'Neuer Artikel' }));
    expect(screen.getByRole('tablist', { name: 'Sprachen und Vorschau' })).toHaveClass('flex-wrap');
  });

  it('shows what is wrong without sending anything', async () => {
    const { user } = await renderNews('/admin/news/new');
    await user.type(screen.getByLabelText('Kurzname (für die Adresse)'), 'Kein Slug');
    await user.click(screen.getByRole('button', { name: 'Als Entwurf speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bitte prüfe');
    expect(screen.getByLabelText('Kurzname (für die Adresse)')).toHaveAccessibleDescription(
      expect.stringContaining('Nur Kleinbuchstaben'),
    );
    expect(callsTo('POST', '/api/admin/news')).toHaveLength(0);
  });

  it('an empty short name asks for one (German and English), not for other characters', async () => {
    const { user } = await renderNews('/admin/news/new');
    await user.type(screen.getByLabelText('Titel (Deutsch)'), 'Winter-Cup');
    await user.type(screen.getByLabelText('Kurztext (Deutsch)'), 'Kalt draußen');
    await user.click(screen.getByRole('button', { name: 'Als Entwurf speichern' }));
    const slug = screen.getByLabelText('Kurzname (für die Adresse)');
    await waitFor(() => expect(slug).toHaveFocus());
    expect(slug).toHaveAccessibleDescription(
      expect.stringContaining('Bitte einen Kurznamen angeben.'),
    );
    expect(slug).toHaveAccessibleDescription(expect.not.stringContaining('Nur Kleinbuchstaben'));
    // Blanks only are empty too.
    await user.type(slug, '   ');
    await user.click(screen.getByRole('button', { name: 'Als Entwurf speichern' }));
    await waitFor(() =>
      expect(slug).toHaveAccessibleDescription(
        expect.stringContaining('Bitte einen Kurznamen angeben.'),
      ),
    );
    expect(callsTo('POST', '/api/admin/news')).toHaveLength(0);
  });

  it('an empty short name asks for one in English too', async () => {
    const { user } = await renderNews('/admin/news/new', undefined, operator(), true, 'en');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    const slug = screen.getByLabelText('Short name (for the address)');
    await waitFor(() => expect(slug).toHaveFocus());
    expect(slug).toHaveAccessibleDescription(expect.stringContaining('Please give a short name.'));
    expect(callsTo('POST', '/api/admin/news')).toHaveLength(0);
  });

  it("a 400's fields in the console's words, the first focused; never the server's text", async () => {
    const { user } = await renderNews('/admin/news/new');
    server.use(
      adminNewsHandlers.createNewsArticle(
        apiError(
          400,
          'validation_failed',
          'Invalid body: translations.de.abstract: Too big; publishAt: must be an ISO date-time',
          [
            {
              path: 'translations.de.abstract',
              message: 'abstract must be at most 1000 characters',
            },
            { path: 'publishAt', message: 'must be an ISO date-time' },
          ],
        ),
      ),
    );
    await fillNew(user);
    await user.click(screen.getByRole('button', { name: 'Als Entwurf speichern' }));
    const publishAt = screen.getByLabelText('Veröffentlichungsdatum');
    await waitFor(() => expect(publishAt).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte prüfe die markierten Felder.');
    expect(publishAt).toHaveAccessibleDescription(
      expect.stringContaining('Bitte ein gültiges Datum angeben.'),
    );
    expect(screen.getByLabelText('Kurztext (Deutsch)')).toHaveAccessibleDescription(
      'Bitte einen Kurztext angeben (höchstens 1000 Zeichen).',
    );
    expect(screen.getByLabelText('Kurzname (für die Adresse)')).not.toHaveAttribute('aria-invalid');
    expect(document.body).not.toHaveTextContent(/must be|Invalid body|Too big/);
  });

  it('an error of the English text opens its tab and focuses the field; the header image is marked too', async () => {
    const { user } = await renderNews('/admin/news/new');
    server.use(
      adminNewsHandlers.createNewsArticle(
        apiError(400, 'validation_failed', 'Invalid body', [
          { path: 'translations.en.title', message: 'title must not be empty' },
        ]),
      ),
    );
    await fillNew(user);
    await user.click(screen.getByRole('tab', { name: 'Englisch' }));
    await user.click(screen.getByLabelText('Englische Fassung'));
    await user.type(screen.getByLabelText('Titel (Englisch)'), 'Winter cup');
    await user.type(screen.getByLabelText('Kurztext (Englisch)'), 'Cold outside');
    await user.click(screen.getByRole('tab', { name: 'Vorschau' }));
    await user.click(screen.getByRole('button', { name: 'Als Entwurf speichern' }));
    const title = await screen.findByLabelText('Titel (Englisch)');
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.getByRole('tab', { name: 'Englisch' })).toHaveAttribute('aria-selected', 'true');
    expect(title).toHaveAccessibleDescription('Bitte einen Titel angeben (höchstens 200 Zeichen).');
    expect(document.body).not.toHaveTextContent('must not be empty');

    // An image that is gone: the header image group is marked and takes the focus.
    server.use(
      adminNewsHandlers.createNewsArticle(
        apiError(400, 'bad_request', 'There is no such image', [
          { path: 'headerAssetId', message: 'is not an uploaded asset' },
        ]),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Als Entwurf speichern' }));
    const header = screen.getByRole('group', { name: 'Titelbild' });
    await waitFor(() => expect(header).toHaveFocus());
    expect(header).toHaveAccessibleDescription(
      expect.stringContaining('Dieses Bild gibt es nicht mehr. Bitte neu hochladen.'),
    );
    expect(document.body).not.toHaveTextContent(/no such image|uploaded asset/);
  }, 30_000);

  it('a 400 naming no field of the form: one message for the form, announced and focused', async () => {
    const { user } = await renderNews('/admin/news/new');
    server.use(
      adminNewsHandlers.createNewsArticle(
        apiError(400, 'validation_failed', 'Invalid body: body: Unrecognized key: "color"', [
          { path: 'body', message: 'Unrecognized key: "color"' },
        ]),
      ),
    );
    await fillNew(user);
    await user.click(screen.getByRole('button', { name: 'Als Entwurf speichern' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Der Artikel konnte so nicht gespeichert werden. Bitte prüfe deine Angaben und versuche es noch einmal.',
    );
    await waitFor(() => expect(alert).toHaveFocus());
    expect(document.body).not.toHaveTextContent(/Unrecognized|Invalid/);
    expect(screen.queryByText('Bitte prüfe die markierten Felder.')).not.toBeInTheDocument();

    // A 400 without any details says the same.
    server.use(
      adminNewsHandlers.createNewsArticle(apiError(400, 'invalid_json', 'Body is not JSON')),
    );
    await user.click(await screen.findByRole('button', { name: 'Als Entwurf speichern' }));
    await waitFor(() => expect(callsTo('POST', '/api/admin/news')).toHaveLength(2));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Der Artikel konnte so nicht gespeichert werden.',
    );
    expect(document.body).not.toHaveTextContent('Body is not JSON');
  });

  it("in English: the checks, a 400, and other refusals speak English, never the server's text", async () => {
    const { user } = await renderNews('/admin/news/new', undefined, operator(), true, 'en');
    await user.type(screen.getByLabelText('Short name (for the address)'), 'No Slug');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the marked fields.');
    await waitFor(() =>
      expect(screen.getByLabelText('Short name (for the address)')).toHaveFocus(),
    );
    expect(screen.getByLabelText('Title (German)')).toHaveAccessibleDescription(
      'Please give a title (at most 200 characters).',
    );
    expect(callsTo('POST', '/api/admin/news')).toHaveLength(0);

    server.use(
      adminNewsHandlers.createNewsArticle(
        apiError(409, 'conflict', 'The slug "winter-cup" is already taken'),
      ),
    );
    await user.clear(screen.getByLabelText('Short name (for the address)'));
    await user.type(screen.getByLabelText('Short name (for the address)'), 'winter-cup');
    await user.type(screen.getByLabelText('Title (German)'), 'Winter-Cup');
    await user.type(screen.getByLabelText('Abstract (German)'), 'Kalt draußen');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    const slug = screen.getByLabelText('Short name (for the address)');
    await waitFor(() => expect(slug).toHaveFocus());
    expect(slug).toHaveAccessibleDescription(
      expect.stringContaining('Another article has this short name already.'),
    );

    server.use(
      adminNewsHandlers.createNewsArticle(
        apiError(409, 'news_in_contentful', 'News are managed in Contentful on this server'),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Save as draft' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toEqual([
        'On this server the news come from Contentful. Write and publish articles there; they cannot be edited here.',
      ]),
    );

    server.use(
      adminNewsHandlers.createNewsArticle(
        apiError(503, 'database_unavailable', 'The database cannot be reached right now'),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Save as draft' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toContain(
        'The server cannot be reached right now. Please try again in a moment.',
      ),
    );
    expect(getToasts().map((t) => t.title)).not.toContainEqual(
      expect.stringMatching(/managed in|database|taken/),
    );
    expect(document.body).not.toHaveTextContent(/already taken|managed in/);
  }, 30_000);

  it('a refused image says why; publishing an article deleted meanwhile says it is gone', async () => {
    const { user } = await renderNews(`/admin/news/${draft.id}`);
    await screen.findByDisplayValue('herbst-turnier');
    server.use(
      adminNewsHandlers.uploadAsset(
        apiError(413, 'payload_too_large', 'Request body is too large'),
      ),
      adminNewsHandlers.updateNewsArticle(apiError(404, 'not_found', 'Not found'), {
        id: draft.id,
      }),
    );
    const file = new File(['\x89PNG'], 'Riesig.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Bild hochladen'), file);
    await waitFor(() =>
      expect(getToasts().map((t) => [t.title, t.description])).toEqual([
        ['Das Bild konnte nicht hochgeladen werden.', 'Das Bild ist zu groß (höchstens 10 MB).'],
      ]),
    );
    // A small file of too many pixels (a phone's 81-megapixel photo): said as such.
    server.use(
      adminNewsHandlers.uploadAsset(
        apiError(400, 'image_too_many_pixels', 'The image has 9000 × 9000 pixels'),
      ),
    );
    // Once the first upload has ended (the field says 'Bild hochladen' again).
    await user.upload(await screen.findByLabelText('Bild hochladen'), file);
    await waitFor(() =>
      expect(getToasts().map((t) => t.description)).toContain(
        'Das Bild hat zu viele Pixel (höchstens 50 Megapixel). Verkleinere es und lade es erneut hoch.',
      ),
    );

    await publishGermanOnly(user);
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toContain(
        'Diesen Artikel gibt es nicht mehr. Bitte lade die Seite neu.',
      ),
    );
    expect(
      getToasts()
        .map((t) => `${t.title} ${t.description ?? ''}`)
        .join(' '),
    ).not.toMatch(/Not found|too large/);
  });

  it('the image picker keeps the keyboard focus while it uploads, and takes no other file meanwhile', async () => {
    const { user } = await renderNews(`/admin/news/${draft.id}`);
    await screen.findByDisplayValue('herbst-turnier');
    const answer = deferred();
    server.use(
      adminNewsHandlers.uploadAsset({
        status: 201,
        body: uploadedAsset,
        wait: answer.promise,
      }),
    );
    const picker = screen.getByLabelText('Bild hochladen');
    await user.upload(picker, new File(['\x89PNG'], 'Kopf.png', { type: 'image/png' }));
    await waitFor(() => expect(callsTo('POST', '/api/admin/assets')).toHaveLength(1));
    await waitFor(() => expect(picker).toHaveAccessibleName('Wird hochgeladen …'));
    // Not `disabled`, which drops the focus to the page; choosing again uploads nothing.
    expect(picker).toHaveFocus();
    expect(picker).toBeEnabled();
    expect(picker).toHaveAttribute('aria-disabled', 'true');
    await user.upload(picker, new File(['\x89PNG'], 'Anders.png', { type: 'image/png' }));
    answer.resolve();
    expect(await screen.findByRole('img', { name: 'Titelbild des Artikels' })).toBeVisible();
    expect(picker).not.toHaveAttribute('aria-disabled');
    expect(picker).toHaveFocus();
    expect(callsTo('POST', '/api/admin/assets')).toHaveLength(1);
    expect(callsTo('POST', '/api/admin/assets')[0]!.query.get('name')).toBe('Kopf.png');
  });

  it('uploads a header image, previews as players see it, and publishes with the text in one call', async () => {
    const { user, state } = await renderNews(`/admin/news/${draft.id}`);
    await screen.findByDisplayValue('herbst-turnier');
    const file = new File(['\x89PNG'], 'Kopf.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Bild hochladen'), file);
    await waitFor(() => expect(callsTo('POST', '/api/admin/assets')).toHaveLength(1));
    expect(callsTo('POST', '/api/admin/assets')[0]!.query.get('name')).toBe('Kopf.png');
    expect(await screen.findByRole('img', { name: 'Titelbild des Artikels' })).toHaveAttribute(
      'src',
      '/api/assets/7d1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b/kopf.png?fm=jpg&fl=progressive&q=50&w=1000',
    );

    await user.click(screen.getByRole('tab', { name: 'Vorschau' }));
    const preview = await screen.findByRole('article');
    expect(
      within(preview).getByRole('heading', { level: 2, name: 'Herbst-Turnier' }),
    ).toBeVisible();
    expect(within(preview).getByText('Gerendert').tagName).toBe('STRONG');
    expect(callsTo('POST', '/api/admin/news/preview').at(-1)!.body).toMatchObject({
      locale: 'de',
      slug: 'herbst-turnier',
      headerAssetId: '7d1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
      translation: draft.translations.de,
    });

    await publishGermanOnly(user);
    await waitFor(() => expect(callsTo('PUT', `/api/admin/news/${draft.id}`)).toHaveLength(1));
    expect(callsTo('PUT', `/api/admin/news/${draft.id}`)[0]!.body).toMatchObject({
      headerAssetId: '7d1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
      publish: true,
    });
    expect(callsTo('POST', `/api/admin/news/${draft.id}/publish`)).toHaveLength(0);
    expect(state.article.status).toBe('published');
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toContain('„Herbst-Turnier“ ist veröffentlicht'),
    );
  }, 30_000);
});
