import { useTranslation } from 'react-i18next';
import type { AdminPlayer } from '@arcadia/contracts';
import { useArcadeName } from '../shell/console-context';
import { useConsoleFormat } from '../shell/format';
import { ScrollArea } from '../../../components/ui';

/** The player's statistics and latest games (the profile's first page of the match history). */
export function RecentGames({ player }: { player: AdminPlayer }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const format = useConsoleFormat();
  const arcadeName = useArcadeName();
  const s = player.statistics;
  return (
    <section aria-labelledby="recent-games" className="flex flex-col gap-3">
      <h3 id="recent-games" className="font-display text-xl font-bold text-ink">
        {t('admin-players.recentGames')}
      </h3>
      <p className="text-ink-muted">
        {t('admin-players.stats', {
          played: s.gamesPlayed,
          won: s.gamesWon,
          kills: s.overallKills,
          deaths: s.overallDeaths,
        })}
      </p>
      {player.recentGames.length === 0 ? (
        <p className="text-ink-muted">{t('admin-players.noGames')}</p>
      ) : (
        <ScrollArea label={t('admin-players.recentGames')}>
          <table className="w-full text-left text-ink">
            <caption className="sr-only">{t('admin-players.recentGames')}</caption>
            <thead className="text-sm text-ink-muted">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  {t('admin-players.col.when')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('admin-players.col.where')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('admin-players.col.mode')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('admin-players.col.map')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  {t('admin-players.col.score')}
                </th>
                <th scope="col" className="py-2 text-right">
                  {t('admin-players.col.result')}
                </th>
              </tr>
            </thead>
            <tbody>
              {player.recentGames.map((game) => (
                <tr key={game.id} className="border-t border-line">
                  <td className="py-2 pr-3">{format.dateTime(game.playedAt)}</td>
                  <td className="py-2 pr-3">{arcadeName(game.arcade)}</td>
                  <td className="py-2 pr-3">{game.modeName[lang]}</td>
                  <td className="py-2 pr-3">{game.map.name}</td>
                  <td className="py-2 pr-3 text-right">{game.score}</td>
                  <td className="py-2 text-right">
                    {t(game.userHasWon ? 'admin-players.won' : 'admin-players.lost')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
    </section>
  );
}
