import { useTranslation } from 'react-i18next';
import type { CurrentRating, GameType } from '@arcadia/contracts';
import { RATING_PROVISIONAL_GAMES } from '@arcadia/contracts/boards';
import { Card, CardBody, CardTitle } from '../../../components/ui';
import { formatNumber, langOf } from '../format';

/**
 * The player's skill rating in each mode now (docs/rating.md), with the provisional mark and how
 * many rated games it stands on until it counts: the number the game cards' +12 / −8 change.
 */
export function CurrentRatings({
  ratings,
  modeName,
}: {
  ratings: readonly CurrentRating[];
  modeName: (type: GameType) => string;
}) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  if (ratings.length === 0) return null;
  return (
    <Card>
      <CardBody>
        <CardTitle id="current-ratings-title" className="mb-3 text-lg">
          {t('profile.trends.currentRatings')}
        </CardTitle>
        <dl aria-labelledby="current-ratings-title" className="flex flex-col">
          {ratings.map((rating) => (
            <div
              key={rating.mode}
              className="flex flex-wrap items-baseline justify-between gap-x-3 border-b border-line/60 py-2 last:border-b-0"
            >
              <dt className="text-ink-muted">{modeName(rating.mode)}</dt>
              <dd className="font-display text-xl font-bold text-neon-cyan-soft tabular-nums">
                {formatNumber(rating.rating, lang)}
              </dd>
              {rating.games < RATING_PROVISIONAL_GAMES && (
                <dd className="basis-full text-xs text-neon-yellow">
                  {t('profile.trends.provisional', {
                    games: rating.games,
                    needed: RATING_PROVISIONAL_GAMES,
                  })}
                </dd>
              )}
            </div>
          ))}
        </dl>
      </CardBody>
    </Card>
  );
}
