/** Test support for the catalogue section's tests: its data and the console rendered on it. */
import { screen } from '@testing-library/react';
import type { AdminApplication, AdminMap, AdminMode } from '@arcadia/contracts';
import { server } from '../../../testing/api';
import { adminHandlers } from '../../../testing/admin-api';
import { adminArcade, operator, staffOperator } from '../../../testing/admin-factories';
import { catalogueHandlers as api } from '../../../testing/catalogue-api';
import { renderApp } from '../../../testing/render-app';
import { signedInStore } from '../../../testing/store';
import { Component as AdminConsole } from '../AdminConsole';

export const mode = (id: AdminMode['id'], de: string, en: string, position: number): AdminMode => ({
  applicationId: 'commando',
  id,
  name: { de, en },
  description: { de: `${de} erklärt`, en: `${en} explained` },
  teams: id !== 'freeforall',
  iconPath: null,
  position,
  retiredAt: null,
});

export const commando: AdminApplication = {
  id: 'commando',
  name: 'Commando',
  description: { de: 'Das Lasertag-Spiel.', en: 'The laser-tag game.' },
  iconPath: null,
  modes: [
    mode('freeforall', 'Jeder gegen jeden', 'Free for all', 0),
    mode('elimination', 'Eliminierung', 'Elimination', 1),
    mode('deathmatch', 'Team-Deathmatch', 'Team deathmatch', 2),
  ],
};

export const neonDocks: AdminMap = {
  id: 'neon-docks',
  applicationId: 'commando',
  name: 'Neon Docks',
  iconPath: '/assets/maps/neon-docks.svg',
  retiredAt: null,
};
export const frostBase: AdminMap = {
  id: 'frost-base',
  applicationId: 'commando',
  name: 'Frost Base',
  iconPath: '/api/assets/1c9d4f0e-3b7a-4c55-9d7e-0d6f1e2a3b4c/frost.png',
  retiredAt: '2026-11-01T10:00:00.000Z',
};

export function serve(applications = [commando], maps = [neonDocks, frostBase]) {
  server.use(api.getApplications({ body: { applications } }), api.getMaps({ body: { maps } }));
}

/** The whole console at /admin/catalogue, as an admin (edits) or staff (reads). */
export async function renderConsole(canEdit = true, lang: 'de' | 'en' = 'de') {
  server.use(
    adminHandlers.getOperator({ body: canEdit ? operator() : staffOperator() }),
    adminHandlers.getAdminArcades({ body: { arcades: [adminArcade()] } }),
  );
  return renderApp([{ path: '/admin/*', Component: AdminConsole }], {
    path: '/admin/catalogue?arcade=berlin',
    store: await signedInStore(),
    lang,
  });
}

export async function renderCatalogue(canEdit = true, lang: 'de' | 'en' = 'de') {
  const view = await renderConsole(canEdit, lang);
  // The section's code loads on first use (slow on the first test of the file).
  await screen.findByRole('heading', { name: 'Commando' }, { timeout: 10_000 });
  return view;
}
