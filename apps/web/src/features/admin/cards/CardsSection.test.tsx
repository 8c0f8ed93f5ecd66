import { screen, waitFor, within } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardBatchDetail } from '@arcadia/contracts';
import { getToasts } from '../../../components/ui/toast-store';
import { setAccessTokenProvider } from '../../../lib/auth/token';
import { apiError, callsTo, server } from '../../../testing/api';
import { adminHandlers } from '../../../testing/admin-api';
import { adminArcade, operator, staffOperator } from '../../../testing/admin-factories';
import {
  BATCH,
  batchCard,
  cardBatch,
  cardBatchDetail,
  cardHandlers,
} from '../../../testing/admin-cards';
import { renderApp } from '../../../testing/render-app';
import { signedInStore } from '../../../testing/store';
import { Component as AdminConsole } from '../AdminConsole';

const LIST = '/api/admin/arcades/berlin/user-cards/batches';
const SHEET = `${LIST}/${BATCH}/sheet`;

/** The console on a page of the cards section, with a batch that follows the app's changes. */
async function renderCards({
  path = '/admin/cards?arcade=berlin',
  detail = cardBatchDetail(),
  heading = 'Nutzerkarten · Arcadia Berlin',
  handlers = [],
  lang = 'de',
}: {
  lang?: 'de' | 'en';
  path?: string;
  detail?: CardBatchDetail;
  /** The heading to wait for (the section loads lazily); null: none. */
  heading?: string | null;
  /** Handlers that win over the defaults. */
  handlers?: HttpHandler[];
} = {}) {
  const state = { detail };
  // In one server.use the first handler that matches answers: the test's own come first.
  server.use(
    ...handlers,
    adminHandlers.getOperator({ body: operator() }),
    adminHandlers.getAdminArcades({ body: { arcades: [adminArcade()] } }),
    cardHandlers.getCardBatches({
      body: {
        batches: [cardBatch(), cardBatch({ id: 'b2', label: null, claimed: 0, size: 5 })],
        next: null,
      },
    }),
    cardHandlers.getCardBatch(() => ({ body: state.detail })),
    cardHandlers.createCardBatch(({ body }) => {
      state.detail = cardBatchDetail({
        label: body.label,
        size: body.count,
        claimed: 0,
        unclaimed: body.count,
        cards: Array.from({ length: body.count }, (_, i) => batchCard(i + 1)),
      });
      return { status: 201, body: state.detail };
    }),
    cardHandlers.printCardSheet(() => {
      state.detail = {
        ...state.detail,
        printedAt: '2026-11-26T16:00:00.000Z',
        cards: state.detail.cards.map((c) =>
          c.status === 'claimed' ? c : { ...c, status: 'printed' as const },
        ),
      };
      return { body: new Blob(['%PDF-'], { type: 'application/pdf' }) };
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
  if (heading) await screen.findByRole('heading', { name: heading }, { timeout: 10_000 });
  return view;
}

/** Catches the file the app saves: the link it clicks and the blob behind it. */
function catchDownloads() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:sheet');
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  const clicked: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this);
  });
  return { clicked, createObjectURL };
}

beforeEach(() => {
  setAccessTokenProvider(async () => 'operator-token');
});
afterEach(() => {
  setAccessTokenProvider(async () => null);
  vi.restoreAllMocks();
});

describe('/admin/cards', () => {
  it('is in the console nav for staff, and lists the batches with claimed counts', async () => {
    await renderCards({ handlers: [adminHandlers.getOperator({ body: staffOperator() })] });
    expect(screen.getByRole('link', { name: 'Nutzerkarten' })).toBeVisible();
    const first = await screen.findByRole('link', { name: /^Sommerfest/ });
    expect(within(first).getByText('1 von 3 eingelöst')).toBeVisible();
    expect(within(first).getByText('noch nicht gedruckt')).toBeVisible();
    const second = screen.getByRole('link', { name: /^Serie ohne Bezeichnung/ });
    expect(within(second).getByText('0 von 5 eingelöst')).toBeVisible();
    expect(callsTo('GET', LIST)[0]!.authorization).toBe('Bearer operator-token');
  });

  it('says so when the arcade has no batch yet', async () => {
    await renderCards({
      handlers: [cardHandlers.getCardBatches({ body: { batches: [], next: null } })],
    });
    expect(
      await screen.findByText('Für diese Spielhalle gibt es noch keine Kartenserie.'),
    ).toBeVisible();
  });

  it('creates a batch and opens it', async () => {
    const { user } = await renderCards();
    const form = screen.getByRole('form', { name: 'Neue Kartenserie' });
    const count = within(form).getByLabelText('Anzahl Karten');
    await user.clear(count);
    await user.type(count, '12');
    await user.type(within(form).getByLabelText('Bezeichnung'), 'Sommerfest');
    await user.click(within(form).getByRole('button', { name: 'Serie anlegen' }));
    await waitFor(() =>
      expect(callsTo('POST', LIST)[0]?.body).toEqual({ count: 12, label: 'Sommerfest' }),
    );
    expect(await screen.findByRole('heading', { name: 'Sommerfest', level: 2 })).toBeVisible();
    expect(screen.getAllByRole('row')).toHaveLength(13);
    expect(getToasts().map((t) => t.title)).toEqual(['12 Karten sind angelegt.']);
  });

  it('shows what is wrong before asking the server, and the server’s field errors', async () => {
    const { user } = await renderCards();
    const form = screen.getByRole('form', { name: 'Neue Kartenserie' });
    const count = within(form).getByLabelText('Anzahl Karten');
    await user.clear(count);
    await user.type(count, '101');
    await user.type(within(form).getByLabelText('Bezeichnung'), 'x'.repeat(61));
    await user.click(within(form).getByRole('button', { name: 'Serie anlegen' }));
    expect(count).toHaveAccessibleDescription('1 bis 100 Bitte eine ganze Zahl von 1 bis 100.');
    expect(within(form).getByLabelText('Bezeichnung')).toHaveAccessibleDescription(
      expect.stringContaining('höchstens 60 Zeichen lang'),
    );
    expect(within(form).getByRole('alert')).toBeVisible();
    await waitFor(() => expect(count).toHaveFocus());
    expect(callsTo('POST', LIST)).toHaveLength(0);

    server.use(
      cardHandlers.createCardBatch(
        apiError(400, 'validation_failed', 'bad', [{ path: 'count', message: 'too many' }]),
      ),
    );
    await user.clear(count);
    await user.type(count, '5');
    await user.clear(within(form).getByLabelText('Bezeichnung'));
    await user.click(within(form).getByRole('button', { name: 'Serie anlegen' }));
    await waitFor(() =>
      expect(count).toHaveAccessibleDescription(expect.stringContaining('Bitte eine ganze Zahl')),
    );
    await waitFor(() => expect(count).toHaveFocus());
    expect(form).not.toHaveTextContent('too many');
  });

  const REFUSAL: Record<'de' | 'en', [form: string, submit: string, message: string]> = {
    de: ['Neue Kartenserie', 'Serie anlegen', 'Die Serie konnte so nicht angelegt werden.'],
    en: ['New card batch', 'Create batch', 'The batch could not be created like this.'],
  };
  it.each<[string, Array<{ path: string; message: string }> | undefined, 'de' | 'en']>([
    ['names no field of the form', [{ path: 'arcadeId', message: 'Invalid' }], 'de'],
    ['has no details', undefined, 'en'],
  ])('a 400 that %s says so once, focused, and marks nothing', async (_, details, lang) => {
    const [name, submit, message] = REFUSAL[lang];
    const { user } = await renderCards({
      lang,
      heading: lang === 'de' ? undefined : 'User cards · Arcadia Berlin',
      handlers: [cardHandlers.createCardBatch(apiError(400, 'bad_request', 'Invalid', details))],
    });
    const form = screen.getByRole('form', { name });
    await user.click(within(form).getByRole('button', { name: submit }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(form.querySelector('[aria-invalid="true"]')).toBeNull();
    expect(form).not.toHaveTextContent(/Invalid|markierten|marked/);
  });

  it('shows a batch: counts, each card’s status and when it was claimed', async () => {
    await renderCards({ path: `/admin/cards/${BATCH}?arcade=berlin`, heading: 'Sommerfest' });
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]!).getByText('Karte-ABCDE1')).toBeVisible();
    expect(within(rows[1]!).getByText('eingelöst')).toBeVisible();
    expect(within(rows[1]!).getByText('26.11.2026, 16:30')).toBeVisible();
    expect(within(rows[2]!).getByText('nicht gedruckt')).toBeVisible();
    expect(screen.getByText('Eingelöst').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('Offen').nextSibling).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Alle Serien' })).toHaveAttribute(
      'href',
      '/admin/cards?arcade=berlin',
    );
  });

  it('prints the sheet as PDF with the token and saves it; printing again asks first', async () => {
    const { clicked, createObjectURL } = catchDownloads();
    const { user } = await renderCards({
      path: `/admin/cards/${BATCH}?arcade=berlin`,
      heading: 'Sommerfest',
    });
    expect(screen.getByText(/^2 offene Karten auf einer A4-Seite\./)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Bogen als PDF' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const [call] = callsTo('POST', SHEET);
    expect(call!.query.get('format')).toBe('pdf');
    expect(call!.query.has('page')).toBe(false);
    expect(call!.authorization).toBe('Bearer operator-token');
    expect(createObjectURL.mock.calls[0]![0].type).toBe('application/pdf');
    expect(clicked[0]!.download).toBe(`arcadia-cards-berlin-${BATCH.slice(0, 8)}.pdf`);

    // Printed now: another print retires those cards' secrets, so it asks first.
    await screen.findByText(/^Zuletzt gedruckt am/);
    await user.click(screen.getByRole('button', { name: 'Seite 1 als PNG' }));
    const confirm = screen.getByRole('dialog', { name: 'Noch einmal drucken?' });
    expect(confirm).toHaveAccessibleDescription(
      expect.stringContaining('Die Karten auf Seite 1 bekommen neue Geheimcodes.'),
    );
    await user.click(within(confirm).getByRole('button', { name: 'Neu drucken' }));
    await waitFor(() => expect(clicked).toHaveLength(2));
    const second = callsTo('POST', SHEET)[1]!;
    expect([second.query.get('format'), second.query.get('page')]).toEqual(['png', '1']);
    expect(clicked[1]!.download).toBe(`arcadia-cards-berlin-${BATCH.slice(0, 8)}-p1.png`);
  });

  it('a sheet that cannot be printed says why', async () => {
    const { user } = await renderCards({
      path: `/admin/cards/${BATCH}?arcade=berlin`,
      heading: 'Sommerfest',
      handlers: [
        cardHandlers.printCardSheet(
          apiError(409, 'batch_claimed', 'Every card of this batch is claimed: nothing to print'),
        ),
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Bogen als PDF' }));
    await waitFor(() =>
      expect(getToasts().map((t) => [t.title, t.description])).toEqual([
        [
          'Der Bogen konnte nicht erstellt werden.',
          'Alle Karten dieser Serie sind eingelöst – es gibt nichts mehr zu drucken.',
        ],
      ]),
    );
  });

  it('a fully claimed batch offers nothing to print', async () => {
    await renderCards({
      path: `/admin/cards/${BATCH}?arcade=berlin`,
      heading: 'Sommerfest',
      detail: cardBatchDetail({
        claimed: 1,
        unclaimed: 0,
        size: 1,
        cards: [batchCard(1, { status: 'claimed', claimedAt: '2026-11-26T15:30:00.000Z' })],
      }),
    });
    expect(screen.getByText(/Alle Karten dieser Serie sind eingelöst/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Bogen als PDF' })).not.toBeInTheDocument();
  });

  it('an unknown batch says so', async () => {
    await renderCards({
      path: `/admin/cards/${BATCH}?arcade=berlin`,
      heading: null,
      handlers: [cardHandlers.getCardBatch(apiError(404, 'not_found', 'No such card batch'))],
    });
    expect(
      await screen.findByText('Diese Serie gibt es in dieser Spielhalle nicht.', undefined, {
        timeout: 10_000,
      }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Alle Serien' })).toBeVisible();
  });
});
