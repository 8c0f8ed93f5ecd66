import { useEffect } from 'react';
import { useParams } from 'react-router';
import { CalendarClock, Cpu, MapPin, Timer, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MATCH_TIME_ZONE, matchPagePath, type Match } from '@arcadia/contracts';
import { Card, ErrorState, PageSpinner, cn } from '../../components/ui';
import { formatDecimal } from '../../lib/number-format';
import { getMatchApi } from './api/get-match';
import { PlayersTable } from './components/PlayersTable';
import { ShareButton } from './components/ShareButton';

type Lang = 'de' | 'en';
type Translate = ReturnType<typeof useTranslation>['t'];

/** The result in one line: "Rot 3 : 1 Blau", or who won a freeforall. */
export function resultText(match: Match, t: Translate, lang: Lang): string {
  if (match.teams.length > 0)
    return match.teams.map((team) => `${team.name} ${formatDecimal(team.score, lang)}`).join(' : ');
  const top = match.players[0];
  if (!top) return t('match.noPlayers');
  const name =
    top.kind === 'deleted'
      ? t('match.deletedPlayer')
      : top.kind === 'hidden'
        ? t('match.hiddenPlayer')
        : top.name;
  return t('match.winner', { name, score: formatDecimal(top.score, lang) });
}

function Fact({
  icon,
  label,
  children,
}: {
  icon: React.ReactNode;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <dt className="flex items-center gap-2 text-xs uppercase tracking-wider text-ink-muted">
        <span aria-hidden="true" className="text-neon-cyan">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="pl-6 font-semibold text-ink">{children}</dd>
    </div>
  );
}

/** `/game/{id}`: one game for anyone, signed in or not, with its scoreboard and a share button. */
export function Component() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language?.startsWith('en') ? 'en' : 'de';
  const { data: match, isLoading, isError, error, refetch } = getMatchApi.useGetMatchQuery(id);
  const title = match ? `${match.modeName[lang]}: ${resultText(match, t, lang)}` : null;

  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = `${title} · Arcadia`;
    return () => {
      document.title = before;
    };
  }, [title]);

  if (isLoading) return <PageSpinner label={t('match.loading')} />;
  if (isError || !match) {
    // Unknown, voided (a voided game counts nowhere, so it has no page) or not a game id at all.
    const status = error && 'status' in error ? error.status : undefined;
    const notFound = status === 404 || status === 400;
    return (
      <ErrorState
        title={notFound ? t('match.notFoundTitle') : t('match.errorTitle')}
        message={notFound ? t('match.notFoundMessage') : t('match.errorMessage')}
        onRetry={notFound ? undefined : () => void refetch()}
      />
    );
  }
  const playedAt = new Date(match.playedAt);
  const minutes = Math.floor(match.durationSeconds / 60);
  const seconds = match.durationSeconds % 60;
  // Shared from the English app, the link's preview (title, text, image) is English too.
  const url = `${window.location.origin}${matchPagePath(match.id, lang === 'en' ? 'en' : 'de')}`;
  const unassigned = match.players.filter(
    (p) => p.teamId === null || !match.teams.some((team) => team.id === p.teamId),
  );
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-neon-pink-soft">
          {match.application.name} · {match.arcade.name}
        </p>
        <h1 className="font-display text-4xl font-bold text-ink neon-text">
          {match.modeName[lang]}
        </h1>
        <p className="flex items-center gap-2 font-display text-2xl font-bold text-neon-yellow">
          <Trophy aria-hidden="true" size={22} />
          {resultText(match, t, lang)}
        </p>
      </header>
      <Card className="p-4">
        <dl className="grid grid-cols-1 gap-4 min-[360px]:grid-cols-2">
          <Fact icon={<MapPin size={18} />} label={t('match.map')}>
            {match.map.name}
          </Fact>
          <Fact icon={<Cpu size={18} />} label={t('match.device')}>
            {match.device.name}
          </Fact>
          <Fact icon={<CalendarClock size={18} />} label={t('match.time')}>
            <time dateTime={match.playedAt}>
              {new Intl.DateTimeFormat(lang, {
                dateStyle: 'medium',
                timeStyle: 'short',
                timeZone: MATCH_TIME_ZONE,
              }).format(playedAt)}
            </time>
          </Fact>
          <Fact icon={<Timer size={18} />} label={t('match.duration')}>
            {t('match.durationValue', { minutes, seconds: String(seconds).padStart(2, '0') })}
          </Fact>
        </dl>
      </Card>
      <ShareButton
        url={url}
        title={`${title} · Arcadia`}
        text={t('match.shareText', { result: title })}
      />
      <section aria-labelledby="match-players" className="flex flex-col gap-4">
        <h2 id="match-players" className="font-display text-2xl font-bold">
          {t('match.players')}
        </h2>
        {match.teams.length === 0 ? (
          <Card className="p-4">
            <PlayersTable players={match.players} caption={t('match.players')} />
          </Card>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            {match.teams.map((team, index) => (
              <section
                key={team.id}
                aria-labelledby={`team-${team.id}`}
                className={cn(
                  'rounded-xl border p-3',
                  index === 0 ? 'border-neon-pink/50' : 'border-neon-cyan/40',
                )}
              >
                <h3
                  id={`team-${team.id}`}
                  className="mb-2 flex items-baseline justify-between gap-2 font-display text-lg font-bold"
                >
                  <span className="truncate">
                    {team.name}
                    {team.won && (
                      <span className="ml-2 text-sm text-neon-green">{t('match.won')}</span>
                    )}
                  </span>
                  <span className="shrink-0 tabular-nums text-neon-yellow">
                    {formatDecimal(team.score, lang)}
                  </span>
                </h3>
                <PlayersTable
                  players={match.players.filter((p) => p.teamId === team.id)}
                  caption={t('match.teamCaption', { name: team.name, score: team.score })}
                />
              </section>
            ))}
            {unassigned.length > 0 && (
              <PlayersTable players={unassigned} caption={t('match.players')} />
            )}
          </div>
        )}
      </section>
    </article>
  );
}
