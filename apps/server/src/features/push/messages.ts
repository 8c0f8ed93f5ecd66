import type { PushMessage } from '@arcadia/contracts';

type Language = 'de' | 'en';
/** One notification in every language a player may have chosen. */
export type Localized = Record<Language, PushMessage>;

export interface MatchResult {
  gameId: string;
  userId: string;
  won: boolean;
  score: number;
  kills: number;
  deaths: number;
}

// Numbers as the app writes them (1.089 / 1,089); made once, used for every game's players.
const numberIn: Record<Language, Intl.NumberFormat> = {
  de: new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 }),
  en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }),
};

/** The tag of a game's result messages: one per game, so a device shows it once. */
export const matchResultTag = (gameId: string) => `game-${gameId}`;

/** "Your match result is in": won or lost, the score; opens the match's page. */
export function matchResultMessage(result: MatchResult): Localized {
  const de = (n: number) => numberIn.de.format(n);
  const en = (n: number) => numberIn.en.format(n);
  const { score, kills, deaths } = result;
  const url = `/game/${result.gameId}`;
  const tag = matchResultTag(result.gameId);
  return {
    de: {
      title: 'Dein Spielergebnis ist da',
      body: result.won
        ? `Gewonnen! ${de(score)} Punkte, ${de(kills)} Kills, ${de(deaths)} Deaths.`
        : `Verloren – ${de(score)} Punkte, ${de(kills)} Kills, ${de(deaths)} Deaths. Nächstes Mal!`,
      url,
      tag,
    },
    en: {
      title: 'Your match result is in',
      body: result.won
        ? `You won! ${en(score)} points, ${en(kills)} kills, ${en(deaths)} deaths.`
        : `You lost – ${en(score)} points, ${en(kills)} kills, ${en(deaths)} deaths. Next time!`,
      url,
      tag,
    },
  };
}

/** "X added you as a friend"; opens X's profile. */
/**
 * A player told "X added you as a friend" is not told again for the same X within this long: a
 * remove and add again, over and over, would otherwise ring their bell and phone each time.
 */
export const FRIEND_ADDED_REPEAT_HOURS = 24;

export function friendAddedMessage(friendId: string, friendName: string): Localized {
  const url = `/profile/${friendId}`;
  const tag = `friend-${friendId}`;
  return {
    de: { title: 'Neuer Freund', body: `${friendName} hat dich als Freund hinzugefügt.`, url, tag },
    en: { title: 'New friend', body: `${friendName} added you as a friend.`, url, tag },
  };
}

/** A new news article; the body is its title (German when there is no English one). */
export function newsMessage(slug: string, titles: { de: string; en?: string }): Localized {
  const url = `/news/${slug}`;
  const tag = `news-${slug}`;
  return {
    de: { title: 'Neuer Artikel', body: titles.de, url, tag },
    en: { title: 'New article', body: titles.en ?? titles.de, url, tag },
  };
}

/** Each registered player of a game with their own result message (guests hear nothing). */
export function matchResultMessages(game: {
  id: string;
  players: ReadonlyArray<Omit<MatchResult, 'gameId' | 'userId'> & { userId: string | null }>;
}): Array<{ userId: string; message: Localized }> {
  return game.players.flatMap(({ userId, won, score, kills, deaths }) =>
    userId
      ? [
          {
            userId,
            message: matchResultMessage({ gameId: game.id, userId, won, score, kills, deaths }),
          },
        ]
      : [],
  );
}
