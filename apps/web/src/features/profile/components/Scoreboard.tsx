import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Game } from '@arcadia/contracts';
import { TEAM_SCORE_UNITS } from '@arcadia/contracts/boards';
import { cn } from '../../../components/ui';
import { formatNumber, langOf } from '../format';
import { scoreboardOf, type RankedPlayer } from '../scoreboard';

function PlayerTable({
  players,
  highlightId,
  caption,
}: {
  players: RankedPlayer[];
  highlightId: string;
  caption: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  if (players.length === 0)
    return <p className="text-sm text-ink-muted">{t('profile.games.noPlayers')}</p>;
  return (
    <table className="w-full table-fixed text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-xs uppercase tracking-wider text-ink-muted">
          <th scope="col" className="w-10 py-1.5 font-semibold">
            #
          </th>
          <th scope="col" className="py-1.5 font-semibold">
            {t('profile.games.player')}
          </th>
          <th scope="col" className="w-14 py-1.5 text-right font-semibold">
            {t('profile.games.score')}
          </th>
          <th scope="col" className="w-10 py-1.5 text-right font-semibold">
            <abbr title={t('profile.games.kills')} className="no-underline">
              K
            </abbr>
          </th>
          <th scope="col" className="w-10 py-1.5 text-right font-semibold">
            <abbr title={t('profile.games.deaths')} className="no-underline">
              D
            </abbr>
          </th>
        </tr>
      </thead>
      <tbody>
        {players.map((player, index) => {
          const mine = player.id !== null && player.id === highlightId;
          return (
            <tr
              key={player.id ?? `guest-${index}`}
              className={cn('border-t border-line/60', mine && 'bg-neon-cyan/10 font-semibold')}
            >
              <td className="py-1.5 tabular-nums text-ink-muted">{player.rank}</td>
              <td className="truncate py-1.5">
                {player.id ? (
                  <Link to={`/profile/${player.id}`} className="hover:underline">
                    {player.name}
                  </Link>
                ) : player.hidden ? (
                  // Their profile is hidden from the viewer (docs/privacy.md): no name, no link.
                  <span className="italic text-ink-muted">{t('profile.games.hiddenPlayer')}</span>
                ) : (
                  <span>
                    {player.name}{' '}
                    <span className="text-xs text-ink-muted">({t('profile.games.guest')})</span>
                  </span>
                )}
              </td>
              <td className="py-1.5 text-right tabular-nums">{formatNumber(player.score, lang)}</td>
              <td className="py-1.5 text-right tabular-nums">{formatNumber(player.kills, lang)}</td>
              <td className="py-1.5 text-right tabular-nums">
                {formatNumber(player.deaths, lang)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The scoreboard by game type: elimination and deathmatch by team (name, score, its players);
 * freeforall as one ranking by score.
 */
export function Scoreboard({ game, highlightId }: { game: Game; highlightId: string }) {
  const { t } = useTranslation();
  const board = scoreboardOf(game);
  // A team's score is rounds won in one mode and kills in another: say which.
  const unit = TEAM_SCORE_UNITS[game.type];
  const teamScore = (count: number) =>
    t(
      unit === 'rounds'
        ? 'profile.games.teamRounds'
        : unit === 'kills'
          ? 'profile.games.teamKills'
          : 'profile.games.teamScore',
      { count },
    );
  if (board.kind === 'ranking')
    return (
      <PlayerTable
        players={board.players}
        highlightId={highlightId}
        caption={t('profile.games.scoreboard')}
      />
    );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {board.teams.map((team, index) => (
        <section
          key={team.id}
          aria-label={`${team.name}: ${teamScore(team.score)}`}
          className={cn(
            'rounded-xl border p-3',
            index === 0 ? 'border-neon-pink/50' : 'border-neon-cyan/40',
          )}
        >
          <h3 className="mb-2 flex items-baseline justify-between gap-2 font-display text-lg font-bold">
            <span className="truncate">{team.name}</span>
            <span className="shrink-0 tabular-nums text-neon-yellow">{teamScore(team.score)}</span>
          </h3>
          <PlayerTable players={team.players} highlightId={highlightId} caption={team.name} />
        </section>
      ))}
      {board.unassigned.length > 0 && (
        <PlayerTable
          players={board.unassigned}
          highlightId={highlightId}
          caption={t('profile.games.scoreboard')}
        />
      )}
    </div>
  );
}
