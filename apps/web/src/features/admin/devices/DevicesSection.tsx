import { useRef, useState } from 'react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminDevice } from '@arcadia/contracts';
import { Button, EmptyState, ErrorState, Spinner, toast } from '../../../components/ui';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { useConsole } from '../shell/console-context';
import { failureMessage } from '../shell/failure-message';
import { useGetDevicesQuery } from './api/get-devices';
import {
  useKickPlayerMutation,
  useRotateDeviceKeyMutation,
  useSetDeviceDisabledMutation,
} from './api/device-actions';
import { CreateDeviceDialog } from './CreateDeviceDialog';
import { DeviceCard } from './DeviceCard';
import { KeyDialog, type ShownKey } from './KeyDialog';
import { RenameDeviceDialog } from './RenameDeviceDialog';

/** How often the list asks again, so online status and players stay current. */
const REFRESH_MS = 15_000;

type Pending =
  | { kind: 'rotate'; device: AdminDevice }
  | { kind: 'disable'; device: AdminDevice }
  | { kind: 'kick'; device: AdminDevice; userId: string; userName: string };

/** The kinds the arcade's devices have, each once, in alphabetical order. */
function kindsOf(devices: readonly AdminDevice[]): string[] {
  return [...new Set(devices.map((device) => device.kind))].sort((a, b) => a.localeCompare(b));
}

/** /admin/devices: the picked arcade's devices and what an operator does with them. */
export function Component() {
  const { t } = useTranslation();
  const { arcadeId, arcade } = useConsole();
  const id = arcadeId ?? '';
  const devices = useGetDevicesQuery(id, { pollingInterval: REFRESH_MS });
  const [creating, setCreating] = useState(false);
  const createButton = useRef<HTMLButtonElement>(null);
  const [shownKey, setShownKey] = useState<ShownKey | null>(null);
  // Where the focus goes when the key's dialog closes: the dialogs before it are gone by then.
  const keyReturn = useRef<HTMLElement | null>(null);
  const [renaming, setRenaming] = useState<AdminDevice | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [rotate, rotating] = useRotateDeviceKeyMutation();
  const [kick, kicking] = useKickPlayerMutation();
  const [setDisabled, switching] = useSetDeviceDisabledMutation();

  const retired = Boolean(arcade?.retiredAt);
  const failed = (error: unknown) =>
    toast({
      variant: 'error',
      title: failureMessage(error, t, { arcade_retired: 'admin-devices.retired' }),
    });

  const confirm = async () => {
    if (!pending) return;
    const ref = { arcadeId: id, deviceId: pending.device.id };
    if (pending.kind === 'disable') {
      await toggle(pending.device);
      setPending(null);
      return;
    }
    if (pending.kind === 'rotate') {
      const result = await rotate(ref);
      setPending(null);
      if ('error' in result) return failed(result.error);
      setShownKey({ deviceName: result.data.device.name, key: result.data.key, reason: 'rotated' });
      return;
    }
    const result = await kick({ ...ref, userId: pending.userId });
    setPending(null);
    if ('error' in result) return failed(result.error);
    toast({
      variant: 'success',
      title: t('admin-devices.kicked', { name: pending.userName, device: pending.device.name }),
    });
  };

  const toggle = async (device: AdminDevice) => {
    const result = await setDisabled({
      arcadeId: id,
      deviceId: device.id,
      disabled: !device.disabled,
    });
    if ('error' in result) return failed(result.error);
    toast({
      variant: 'success',
      title: t(device.disabled ? 'admin-devices.enabled' : 'admin-devices.disabledToast', {
        name: device.name,
      }),
    });
  };

  return (
    <section aria-labelledby="devices-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="devices-title" className="font-display text-2xl font-bold text-ink">
          {t('admin-devices.title', { arcade: arcade?.name ?? id })}
        </h2>
        {!retired && (
          <Button ref={createButton} onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" size={18} />
            {t('admin-devices.create')}
          </Button>
        )}
      </div>
      {retired && <p className="text-ink-muted">{t('admin-devices.retired')}</p>}
      {devices.isLoading ? (
        <Spinner size="lg" className="w-full py-16" label={t('admin-devices.loading')} />
      ) : devices.isError ? (
        <ErrorState
          message={t('admin-devices.loadFailed')}
          onRetry={() => void devices.refetch()}
        />
      ) : devices.data?.devices.length ? (
        <ul className="grid gap-4 xl:grid-cols-2">
          {devices.data.devices.map((device) => (
            <li key={device.id}>
              <DeviceCard
                device={device}
                retired={retired}
                onRename={() => setRenaming(device)}
                onRotate={() => {
                  keyReturn.current =
                    document.activeElement instanceof HTMLElement ? document.activeElement : null;
                  setPending({ kind: 'rotate', device });
                }}
                // Disabling is asked first (the device is refused at once); enabling is not.
                onToggle={() =>
                  device.disabled ? void toggle(device) : setPending({ kind: 'disable', device })
                }
                onKick={(player) => setPending({ kind: 'kick', device, ...player })}
              />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={t('admin-devices.empty')} />
      )}
      <CreateDeviceDialog
        arcadeId={id}
        kinds={kindsOf(devices.data?.devices ?? [])}
        open={creating}
        onOpenChange={setCreating}
        onCreated={(key) => {
          setCreating(false);
          // A new device's key: back to "Neues Gerät", for the next one.
          keyReturn.current = createButton.current;
          setShownKey(key);
        }}
      />
      <KeyDialog
        shown={shownKey}
        onClose={() => setShownKey(null)}
        returnFocus={() => keyReturn.current}
      />
      <RenameDeviceDialog
        key={renaming?.id ?? ''}
        device={renaming}
        onClose={() => setRenaming(null)}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        busy={rotating.isLoading || kicking.isLoading || switching.isLoading}
        title={
          pending?.kind === 'kick'
            ? t('admin-devices.kickTitle', { name: pending.userName })
            : pending?.kind === 'disable'
              ? t('admin-devices.disableTitle', { name: pending.device.name })
              : t('admin-devices.rotateTitle', { name: pending?.device.name ?? '' })
        }
        description={
          pending?.kind === 'kick'
            ? t('admin-devices.kickText', { device: pending.device.name })
            : pending?.kind === 'disable'
              ? t('admin-devices.disableText', { count: pending.device.players.length })
              : t('admin-devices.rotateText')
        }
        confirmLabel={
          pending?.kind === 'kick'
            ? t('admin-devices.kick')
            : pending?.kind === 'disable'
              ? t('admin-devices.disable')
              : t('admin-devices.rotate')
        }
        onConfirm={() => void confirm()}
      />
    </section>
  );
}
