import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MatchPlayer } from '@arcadia/contracts';
import { formatDecimal } from '../../../lib/number-format';

/**
 * One name of the table: a registered player links to their profile; guests, deleted and hidden
 * players say so.
 */
function PlayerName({ player }: { player: MatchPlayer }) {
  const { t } = useTranslation();
  switch (player.kind) {
    case 'player':
      return (
        <Link to={`/profile/${encodeURIComponent(player.id ?? '')}`} className="hover:underline">
          {player.name}
        </Link>
      );
    case 'guest':
      return (
        <span>
          {player.name} <span className="text-xs text-ink-muted">({t('match.guest')})</span>
        </span>
      );
    case 'deleted':
      return <span className="italic text-ink-muted">{t('match.deletedPlayer')}</span>;
    case 'hidden':
      // Their profile is hidden from the viewer (docs/privacy.md): no name, no link.
      return <span className="italic text-ink-muted">{t('match.hiddenPlayer')}</span>;
  }
}

/** The players of a team (or of the whole game) with rank, score, kills and deaths. */
export function PlayersTable({ players, caption }: { players: MatchPlayer[]; caption: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language?.startsWith('en') ? 'en' : 'de';
  const number = (value: number) => formatDecimal(value, lang);
  if (players.length === 0) return <p className="text-sm text-ink-muted">{t('match.noPlayers')}</p>;
  return (
    <table className="w-full table-fixed text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left font-display text-xs uppercase tracking-wider text-ink-muted">
          <th scope="col" className="w-6 py-1.5 font-bold sm:w-8">
            <abbr title={t('match.rank')} className="no-underline">
              #
            </abbr>
          </th>
          <th scope="col" className="py-1.5 font-bold">
            {t('match.player')}
          </th>
          <th scope="col" className="w-14 py-1.5 pl-1 text-right font-bold">
            {t('match.score')}
          </th>
          <th scope="col" className="w-11 py-1.5 pl-1 text-right font-bold sm:w-12">
            {t('match.kills')}
          </th>
          {/* Room for 'DEATHS' in capitals beside 'KILLS' at 360 px (match-page.e2e.ts measures it). */}
          <th scope="col" className="w-16 py-1.5 pl-1 text-right font-bold">
            {t('match.deaths')}
          </th>
        </tr>
      </thead>
      <tbody>
        {players.map((player, index) => (
          <tr key={`${player.id ?? 'seat'}-${index}`} className="border-t border-line/60">
            <td className="py-1.5 tabular-nums text-ink-muted">{index + 1}</td>
            <th scope="row" className="py-1.5 text-left font-normal [overflow-wrap:anywhere]">
              <PlayerName player={player} />
            </th>
            <td className="py-1.5 pl-1 text-right tabular-nums">{number(player.score)}</td>
            <td className="py-1.5 pl-1 text-right tabular-nums">{number(player.kills)}</td>
            <td className="py-1.5 pl-1 text-right tabular-nums">{number(player.deaths)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
