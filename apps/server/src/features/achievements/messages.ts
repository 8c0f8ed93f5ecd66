import { achievementById } from '@arcadia/contracts';
import type { Localized } from '../push';

/** "Achievement unlocked: <name>" with its description; opens the player's profile. */
export function achievementMessage(userId: string, achievementId: string): Localized {
  const a = achievementById(achievementId);
  const name = a?.name ?? { de: achievementId, en: achievementId };
  const description = a?.description ?? { de: '', en: '' };
  const url = `/profile/${userId}#achievements`;
  const tag = `achievement-${achievementId}`;
  return {
    de: {
      title: `Erfolg freigeschaltet: ${name.de}`,
      body: description.de,
      url,
      tag,
    },
    en: {
      title: `Achievement unlocked: ${name.en}`,
      body: description.en,
      url,
      tag,
    },
  };
}
