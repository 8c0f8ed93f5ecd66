import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, toast } from '../../../components/ui';
import { toFailure } from '../../../lib/api/failure';
import { failureMessage } from '../shell/failure-message';
import { PlayerPicker, type PickedPlayer } from '../shell/PlayerPicker';
import { useRecordArcadeVisitMutation } from './api/visits';

/** A registered player came in: find them by name and record the visit (now). */
export function RecordVisit({
  arcadeId,
  onRecorded,
}: {
  arcadeId: string;
  onRecorded: () => void;
}) {
  const { t } = useTranslation();
  const [player, setPlayer] = useState<PickedPlayer | null>(null);
  const [missing, setMissing] = useState(false);
  const [record, { isLoading }] = useRecordArcadeVisitMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!player) return setMissing(true);
    const result = await record({ arcadeId, userId: player.id });
    if ('error' in result) {
      const failure = toFailure(result.error);
      // Only a 400 naming the player means they are gone since they were found; any other
      // refusal is said in the console's general words.
      const unknown =
        failure.status === 400 && (failure.details ?? []).some((d) => d.path === 'userId');
      toast({
        variant: 'error',
        title: unknown ? t('admin-visits.unknownPlayer') : failureMessage(failure, t),
      });
      return;
    }
    toast({ variant: 'success', title: t('admin-visits.recorded', { name: player.name }) });
    setPlayer(null);
    onRecorded();
  };
  return (
    <form
      aria-labelledby="record-visit"
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-3 rounded-xl border border-line bg-night-800/85 p-4"
      noValidate
    >
      <h3 id="record-visit" className="font-display text-xl font-bold text-ink">
        {t('admin-visits.recordTitle')}
      </h3>
      <PlayerPicker
        label={t('admin-visits.findPlayer')}
        value={player}
        error={missing ? t('admin-visits.pickPlayer') : undefined}
        onChange={(picked) => {
          setPlayer(picked);
          setMissing(false);
        }}
      />
      <Button type="submit" className="self-start" busy={isLoading}>
        {isLoading ? t('admin.saving') : t('admin-visits.record')}
      </Button>
    </form>
  );
}
