import { Link } from 'react-router';
import { Crown, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorState, PageSpinner, buttonClasses } from '../../components/ui';
import { useAuth, useCurrentUser } from '../auth';
import { getGamesOverviewApi } from './api/get-games-overview';
import { BestResults } from './components/BestResults';
import { ModeCard } from './components/ModeCard';

/** The only game so far; `/games` and `/games/overview/commando` both show its overview. */
export const APPLICATION_ID = 'commando';

/** `/games`, `/games/overview/commando`: the game, its three modes, its maps, the own bests. */
export function Component() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language?.startsWith('en') ? 'en' : 'de';
  const { status } = useAuth();
  const { isRegistered } = useCurrentUser();
  const { data, isLoading, isError, error, refetch } = getGamesOverviewApi.useGetGamesOverviewQuery(
    APPLICATION_ID,
    { refetchOnMountOrArgChange: true },
  );
  if (isLoading) return <PageSpinner label={t('games.loading')} />;
  if (isError || !data) {
    const notFound = !!error && 'status' in error && error.status === 404;
    return (
      <ErrorState
        message={notFound ? t('games.notFound') : t('games.error')}
        onRetry={notFound ? undefined : () => void refetch()}
      />
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8">
      <header className="flex flex-col gap-3">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-neon-pink-soft">
          {t('games.kicker')}
        </p>
        <h1 className="font-display text-4xl font-bold text-ink neon-text">{data.name}</h1>
        <p className="max-w-prose text-lg text-ink-muted">{data.description[lang]}</p>
        <div className="flex flex-wrap gap-3">
          <Link to="/play" className={buttonClasses('primary')}>
            <Play aria-hidden="true" size={18} />
            {t('games.play')}
          </Link>
          <Link to={`/leaderboard/${APPLICATION_ID}`} className={buttonClasses('secondary')}>
            <Crown aria-hidden="true" size={18} />
            {t('games.leaderboard')}
          </Link>
        </div>
      </header>
      <section aria-labelledby="modes-title">
        <h2 id="modes-title" className="mb-3 font-display text-2xl font-bold">
          {t('games.modes')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {data.modes.map((mode, index) => (
            <li key={mode.type}>
              <ModeCard mode={mode} index={index} lang={lang} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="maps-title">
        <h2 id="maps-title" className="mb-3 font-display text-2xl font-bold">
          {t('games.maps')}
        </h2>
        {data.maps.length === 0 ? (
          <p className="text-ink-muted">{t('games.noMaps')}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {data.maps.map((map) => (
              <li
                key={map.id}
                className="overflow-hidden rounded-2xl border border-line bg-night-800/85"
              >
                <img
                  src={map.iconPath}
                  alt=""
                  width={160}
                  height={160}
                  loading="lazy"
                  className="aspect-square w-full bg-night-950 object-cover"
                />
                <p className="truncate px-3 py-2 text-center font-semibold">{map.name}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="best-title">
        <h2 id="best-title" className="mb-3 font-display text-2xl font-bold">
          {t('games.best')}
        </h2>
        <BestResults
          best={data.best}
          modes={data.modes}
          lang={lang}
          signedIn={status === 'signedIn'}
          registered={isRegistered}
        />
      </section>
    </div>
  );
}
