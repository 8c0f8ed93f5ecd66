import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GameMode, ModeBest } from '@arcadia/contracts';
import { VENUE_TIME_ZONE } from '@arcadia/contracts/limits';
import { Card, CardBody, EmptyState, buttonClasses } from '../../../components/ui';

function formatNumber(value: number, lang: 'de' | 'en', digits = 0) {
  return new Intl.NumberFormat(lang, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** The signed-in player's best results per mode; a prompt to sign in (or register) otherwise. */
export function BestResults({
  best,
  modes,
  lang,
  signedIn,
  registered,
}: {
  best: ModeBest[] | null;
  modes: GameMode[];
  lang: 'de' | 'en';
  signedIn: boolean;
  registered: boolean;
}) {
  const { t } = useTranslation();
  if (!best) {
    if (signedIn && !registered)
      return (
        <EmptyState
          title={t('games.bestRegister')}
          action={
            <Link to="/login/registration" className={buttonClasses('primary')}>
              {t('games.register')}
            </Link>
          }
        />
      );
    return (
      <EmptyState
        title={t('games.bestSignIn')}
        action={
          <Link to="/login" className={buttonClasses('primary')}>
            {t('games.signIn')}
          </Link>
        }
      />
    );
  }
  const nameOf = (type: string) => modes.find((m) => m.type === type)?.name[lang] ?? type;
  return (
    <ul className="grid gap-3 sm:grid-cols-3">
      {best.map((entry) => (
        <li key={entry.type}>
          <Card className="h-full">
            <CardBody>
              <h3 className="font-display text-lg font-bold text-neon-pink-soft">
                {nameOf(entry.type)}
              </h3>
              {entry.gamesPlayed === 0 ? (
                <p className="mt-2 text-sm text-ink-muted">{t('games.bestNone')}</p>
              ) : (
                <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                  <dt className="text-ink-muted">{t('games.stats.bestScore')}</dt>
                  <dd className="text-right font-bold tabular-nums text-neon-yellow">
                    {formatNumber(entry.bestScore, lang)}
                  </dd>
                  <dt className="text-ink-muted">{t('games.stats.mostKills')}</dt>
                  <dd className="text-right font-semibold tabular-nums">
                    {formatNumber(entry.mostKills, lang)}
                  </dd>
                  <dt className="text-ink-muted">{t('games.stats.kd')}</dt>
                  <dd className="text-right font-semibold tabular-nums">
                    {formatNumber(entry.kd, lang, 2)}
                  </dd>
                  <dt className="text-ink-muted">{t('games.stats.gamesPlayed')}</dt>
                  <dd className="text-right font-semibold tabular-nums">
                    {formatNumber(entry.gamesPlayed, lang)}
                  </dd>
                  <dt className="text-ink-muted">{t('games.stats.gamesWon')}</dt>
                  <dd className="text-right font-semibold tabular-nums">
                    {formatNumber(entry.gamesWon, lang)}
                  </dd>
                  {entry.bestPlayedAt && (
                    <>
                      <dt className="text-ink-muted">{t('games.stats.bestPlayedAt')}</dt>
                      <dd className="text-right tabular-nums">
                        <time dateTime={entry.bestPlayedAt}>
                          {new Intl.DateTimeFormat(lang, {
                            dateStyle: 'medium',
                            timeZone: VENUE_TIME_ZONE,
                          }).format(new Date(entry.bestPlayedAt))}
                        </time>
                      </dd>
                    </>
                  )}
                </dl>
              )}
            </CardBody>
          </Card>
        </li>
      ))}
    </ul>
  );
}
