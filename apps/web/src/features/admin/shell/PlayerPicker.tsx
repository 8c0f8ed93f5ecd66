import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_MIN_LENGTH } from '@arcadia/contracts';
import { Spinner, TextField, cn, focusRing } from '../../../components/ui';
import { useFindPlayersQuery } from './api/find-players';

export interface PickedPlayer {
  id: string;
  name: string;
}

/** Finds a player by name (the console's search, api/find-players.ts) and picks one. */
export function PlayerPicker({
  value,
  onChange,
  error,
  label,
}: {
  value: PickedPlayer | null;
  onChange: (player: PickedPlayer | null) => void;
  error?: string;
  label: string;
}) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const deferred = useDeferredValue(term.trim());
  const ready = deferred.length >= SEARCH_MIN_LENGTH;
  const found = useFindPlayersQuery(deferred, { skip: !ready });
  const listId = useId();
  return (
    <div className="flex flex-col gap-2">
      <TextField
        type="search"
        label={label}
        hint={t('admin.playerPicker.hint', { count: SEARCH_MIN_LENGTH })}
        value={term}
        error={error}
        autoComplete="off"
        onChange={(e) => setTerm(e.target.value)}
      />
      {ready &&
        (found.isFetching ? (
          <Spinner size="sm" label={t('admin.playerPicker.searching')} className="self-start" />
        ) : found.isError ? (
          <p role="alert" className="text-sm text-danger">
            {t('admin.playerPicker.failed')}
          </p>
        ) : found.data?.data.length ? (
          <ul
            id={listId}
            aria-label={t('admin.playerPicker.results')}
            className="flex max-h-48 flex-col gap-1 overflow-y-auto"
          >
            {found.data.data.map((player) => (
              <li key={player.id}>
                <button
                  type="button"
                  aria-pressed={value?.id === player.id}
                  onClick={() => onChange({ id: player.id, name: player.name })}
                  className={cn(
                    'w-full rounded-lg px-3 py-2 text-left text-ink hover:bg-white/8',
                    value?.id === player.id && 'bg-neon-cyan/15 text-neon-cyan-soft',
                    focusRing,
                  )}
                >
                  {player.name}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-muted">{t('admin.playerPicker.none')}</p>
        ))}
      <p aria-live="polite" className="text-sm text-ink">
        {value ? t('admin.playerPicker.picked', { name: value.name }) : ''}
      </p>
    </div>
  );
}
