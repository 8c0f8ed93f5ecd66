import type { Tx } from '../../db/client';

/** A game as it is being stored, handed to every ingest hook inside the ingest transaction. */
export type IngestedGame = {
  id: string;
  applicationId: string;
  type: 'freeforall' | 'elimination' | 'deathmatch';
  players: Array<{
    userId: string | null;
    name: string;
    won: boolean;
    score: number;
    kills: number;
    deaths: number;
  }>;
};

/**
 * Called in order inside the transaction that stores a game (push notifications plug in here).
 * A hook that throws rolls the whole game back: the device gets a 500 and may report again.
 */
export const gameIngestHooks: Array<(tx: Tx, game: IngestedGame) => Promise<void>> = [];
