/**
 * Test support for the shell's player picker (roles, visits, a guest's result): its route in the
 * fake API, typed with the contract.
 */
import type { SearchResult } from '@arcadia/contracts';
import { route } from '../../../testing/api';

export const pickerHandlers = {
  /** GET /api/admin/players/find?q=: register it before a handler of /api/admin/players/:id. */
  findPlayers: route<SearchResult>('get', '/api/admin/players/find'),
};
