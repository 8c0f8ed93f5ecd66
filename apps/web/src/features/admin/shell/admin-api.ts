import { api } from '../../../lib/api/base';

/**
 * The API with the console's cache tags. Every endpoint of the console (`features/admin/<area>/api/`)
 * injects itself here with `adminApi.injectEndpoints`; a section that needs a tag of its own adds it
 * to this list (one line), so the app's `lib/api/base.ts` stays the console's business-free.
 */
export const adminApi = api.enhanceEndpoints({
  addTagTypes: [
    'AdminOperator',
    'AdminArcades',
    'AdminDevices',
    'AdminGames',
    'AdminAudit',
    'AdminCatalogue',
    'AdminPlayers',
    'AdminVisits',
    'AdminCardBatches',
    'AdminNews',
  ],
});

/**
 * The tag of the console's lists of players (the Players section, the picker): a deletion
 * refreshes them, not the deleted player's own page, which would only answer 404.
 */
export const PLAYER_LISTS = { type: 'AdminPlayers', id: 'LIST' } as const;
