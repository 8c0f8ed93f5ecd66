import { achievementById } from '@arcadia/contracts';
import type { Localized } from '../push';

/**
 * "Achievement unlocked: <name>" and a congratulation (not the rule's description, which reads as
 * an order once it is met: "Win a game."); opens the player's profile at the achievements.
 */
export function achievementMessage(userId: string, achievementId: string): Localized {
  const a = achievementById(achievementId);
  const name = a?.name ?? { de: achievementId, en: achievementId };
  const url = `/profile/${userId}#achievements`;
  const tag = `achievement-${achievementId}`;
  return {
    de: {
      title: `Erfolg freigeschaltet: ${name.de}`,
      body: 'Glückwunsch! Du findest ihn bei deinen Erfolgen im Profil.',
      url,
      tag,
    },
    en: {
      title: `Achievement unlocked: ${name.en}`,
      body: 'Congratulations! You find it with your achievements on your profile.',
      url,
      tag,
    },
  };
}
