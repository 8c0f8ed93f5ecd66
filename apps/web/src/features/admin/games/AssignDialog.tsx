import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminGame, AdminGameSlot } from '@arcadia/contracts';
import { toast } from '../../../components/ui';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { failureMessage } from '../shell/failure-message';
import { PlayerPicker, type PickedPlayer } from '../shell/PlayerPicker';
import { useRefusalFocus } from '../shell/use-refusal-focus';
import { useAssignSlotMutation } from './api/correct-game';

/** Give a guest's result to a registered player (found by name). */
export function AssignDialog({
  game,
  slot,
  onClose,
}: {
  game: AdminGame;
  slot: AdminGameSlot | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [player, setPlayer] = useState<PickedPlayer | null>(null);
  const [missing, setMissing] = useState(false);
  const [assign, { isLoading }] = useAssignSlotMutation();
  const { ref: picker, refused } = useRefusalFocus<HTMLDivElement>();
  const close = () => {
    setPlayer(null);
    setMissing(false);
    onClose();
  };
  const confirm = async () => {
    if (!slot) return;
    if (!player) {
      setMissing(true);
      refused();
      return;
    }
    const result = await assign({
      arcadeId: game.arcadeId,
      gameId: game.id,
      slotId: slot.slotId,
      userId: player.id,
    });
    if ('error' in result) {
      toast({
        variant: 'error',
        title: failureMessage(result.error, t, { 409: 'admin-games.assignConflict' }),
      });
      return;
    }
    toast({
      variant: 'success',
      title: t('admin-games.assigned', { guest: slot.name, name: player.name }),
    });
    close();
  };
  return (
    <ConfirmDialog
      open={slot !== null}
      onOpenChange={(open) => !open && close()}
      title={t('admin-games.assignTitle', { name: slot?.name ?? '' })}
      description={t('admin-games.assignText')}
      confirmLabel={t('admin-games.assign')}
      busy={isLoading}
      onConfirm={() => void confirm()}
    >
      <div ref={picker} className="mt-4">
        <PlayerPicker
          label={t('admin-games.findPlayer')}
          value={player}
          onChange={(picked) => {
            setPlayer(picked);
            setMissing(false);
          }}
          error={missing ? t('admin-games.pickPlayer') : undefined}
        />
      </div>
    </ConfirmDialog>
  );
}
