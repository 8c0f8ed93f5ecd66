import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo } from '../../../testing/api';
import { operator } from '../../../testing/admin-factories';
import { fillNew, renderNews } from './testing';

/**
 * Publishing without an English version: English players would get the article (and its "New
 * article" push) in German, so the editor asks first (docs/operator-console.md).
 */
describe('the news editor: publishing without an English version', () => {
  it('publishing without an English version asks first, saying English players get it in German', async () => {
    const { user } = await renderNews('/admin/news/new');
    await fillNew(user);
    await user.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Ohne englische Fassung veröffentlichen?',
    });
    expect(dialog).toHaveAccessibleDescription(
      'Spieler, die Arcadia auf Englisch nutzen, bekommen den Artikel dann auf Deutsch: Titel, Kurztext und Text, und die Benachrichtigung „New article“ mit dem deutschen Titel.',
    );
    // "Englisch ergänzen": nothing is sent, the English tab opens to write it.
    await user.click(within(dialog).getByRole('button', { name: 'Englisch ergänzen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST', '/api/admin/news')).toHaveLength(0);
    expect(screen.getByRole('tab', { name: 'Englisch' })).toHaveAttribute('aria-selected', 'true');

    // With an English version nothing is asked.
    await user.click(screen.getByLabelText('Englische Fassung'));
    await user.type(screen.getByLabelText('Titel (Englisch)'), 'Winter cup');
    await user.type(screen.getByLabelText('Kurztext (Englisch)'), 'Cold outside');
    await user.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
    await waitFor(() => expect(callsTo('POST', '/api/admin/news')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo('POST', '/api/admin/news')[0]!.body).toMatchObject({
      translations: { en: { title: 'Winter cup', abstract: 'Cold outside' } },
      publish: true,
    });
  }, 30_000);

  it('Escape only closes the question (the German tab stays); an incomplete article is not asked about', async () => {
    const { user } = await renderNews('/admin/news/new');
    // Nothing filled in: the form says what is missing, nothing is asked or sent.
    await user.click(await screen.findByRole('button', { name: 'Veröffentlichen' }));
    await waitFor(() => expect(document.activeElement).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await fillNew(user);
    await user.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
    await screen.findByRole('dialog', { name: 'Ohne englische Fassung veröffentlichen?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('tab', { name: 'Deutsch' })).toHaveAttribute('aria-selected', 'true');
    expect(callsTo('POST', '/api/admin/news')).toHaveLength(0);
  }, 30_000);

  it('in English: the question before publishing without an English version', async () => {
    const { user } = await renderNews('/admin/news/new', undefined, operator(), true, 'en');
    await user.type(screen.getByLabelText('Short name (for the address)'), 'winter-cup');
    await user.type(screen.getByLabelText('Title (German)'), 'Winter-Cup');
    await user.type(screen.getByLabelText('Abstract (German)'), 'Kalt draußen');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Publish without an English version?',
    });
    expect(dialog).toHaveAccessibleDescription(
      expect.stringContaining('Players who use Arcadia in English then get the article in German'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Publish in German only' }));
    await waitFor(() => expect(callsTo('POST', '/api/admin/news')).toHaveLength(1));
    expect(callsTo('POST', '/api/admin/news')[0]!.body).toMatchObject({
      translations: { de: { title: 'Winter-Cup' }, en: null },
      publish: true,
    });
  }, 30_000);
});
