import { KeyRound, Pencil, Power, PowerOff, UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminDevice } from '@arcadia/contracts';
import { Button, Card, CardBody, cn } from '../../../components/ui';
import { useConsoleFormat } from '../shell/format';
import { SignButtons } from './SignButtons';

/** One device: status, last heartbeat, who is on it, and the operator's buttons. */
export function DeviceCard({
  device,
  onRename,
  onRotate,
  onToggle,
  onKick,
  retired = false,
}: {
  device: AdminDevice;
  /**
   * The arcade is retired: its devices stay disabled (no enable button), get no new key and no
   * sign to print (they are not to be set up again).
   */
  retired?: boolean;
  onRename: () => void;
  onRotate: () => void;
  onToggle: () => void;
  onKick: (player: { userId: string; userName: string }) => void;
}) {
  const { t } = useTranslation();
  const format = useConsoleFormat();
  const status = device.disabled ? 'disabled' : device.online ? 'online' : 'offline';
  return (
    <Card className="h-full">
      <CardBody className="flex h-full flex-col gap-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="font-display text-lg font-bold break-words text-ink">{device.name}</h3>
            <p className="font-mono text-sm text-ink-muted">
              {device.id} · {device.kind} · {device.applicationId}
            </p>
          </div>
          <span
            className={cn(
              'inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-sm font-semibold',
              status === 'online' && 'border-neon-green/60 text-neon-green',
              status === 'offline' && 'border-line text-ink-muted',
              status === 'disabled' && 'border-danger/60 text-danger',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'h-2 w-2 rounded-full',
                status === 'online' && 'bg-neon-green',
                status === 'offline' && 'bg-ink-muted',
                status === 'disabled' && 'bg-danger',
              )}
            />
            {t(`admin-devices.status.${status}`)}
          </span>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-ink-muted">{t('admin-devices.lastHeartbeat')}</dt>
          <dd className="text-ink">
            {device.lastHeartbeatAt
              ? format.dateTime(device.lastHeartbeatAt)
              : t('admin-devices.never')}
          </dd>
          <dt className="text-ink-muted">{t('admin-devices.capacity')}</dt>
          <dd className="text-ink">{device.capacity}</dd>
          {device.matchStartedAt && (
            <>
              <dt className="text-ink-muted">{t('admin-devices.matchSince')}</dt>
              <dd className="text-ink">{format.time(device.matchStartedAt)}</dd>
            </>
          )}
        </dl>
        <div>
          <h4 className="text-sm font-semibold text-ink">
            {t('admin-devices.playersNow', { count: device.players.length })}
          </h4>
          {device.players.length > 0 && (
            <ul className="mt-2 flex flex-col gap-2">
              {device.players.map((player) => (
                <li
                  key={player.userId}
                  className="flex items-center justify-between gap-2 rounded-lg bg-night-950/60 px-3 py-1.5"
                >
                  <span className="min-w-0 truncate text-ink">
                    {player.userName}
                    <span className="ml-2 text-sm text-ink-muted">
                      {t('admin-devices.since', { time: format.time(player.joinedAt) })}
                    </span>
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('admin-devices.kickNamed', { name: player.userName })}
                    onClick={() => onKick(player)}
                  >
                    <UserX aria-hidden="true" size={16} />
                    {t('admin-devices.kick')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="mt-auto flex flex-wrap gap-2 border-t border-line pt-3">
          {!retired && (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('admin-devices.renameNamed', { name: device.name })}
              onClick={onRename}
            >
              <Pencil aria-hidden="true" size={16} />
              {t('admin-devices.rename')}
            </Button>
          )}
          {!retired && (
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('admin-devices.rotateNamed', { name: device.name })}
              onClick={onRotate}
            >
              <KeyRound aria-hidden="true" size={16} />
              {t('admin-devices.rotate')}
            </Button>
          )}
          {!(retired && device.disabled) && (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t(
                device.disabled ? 'admin-devices.enableNamed' : 'admin-devices.disableNamed',
                {
                  name: device.name,
                },
              )}
              onClick={onToggle}
            >
              {device.disabled ? (
                <Power aria-hidden="true" size={16} />
              ) : (
                <PowerOff aria-hidden="true" size={16} />
              )}
              {t(device.disabled ? 'admin-devices.enable' : 'admin-devices.disable')}
            </Button>
          )}
          {!retired && <SignButtons device={device} />}
        </div>
      </CardBody>
    </Card>
  );
}
