import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { roleChangeSchema, USER_ROLES, type UserRole } from '@arcadia/contracts';
import {
  Button,
  Card,
  CardBody,
  Checkbox,
  FieldError,
  Spinner,
  cn,
  focusRing,
} from '../../../components/ui';
import { useGetPlayerQuery } from '../players/api/get-player';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { useArcadeName, useConsole } from '../shell/console-context';
import { failureMessage } from '../shell/failure-message';
import { fieldErrors, type FieldErrors } from '../shell/form-errors';
import { PlayerPicker, type PickedPlayer } from '../shell/PlayerPicker';
import { useRefusalFocus } from '../shell/use-refusal-focus';
import { useChangeRoleMutation, type RoleAnswer } from './api/change-role';

const RANK: Record<UserRole, number> = { player: 0, staff: 1, admin: 2 };

/**
 * /admin/roles (admins): give a player the role staff (with arcades) or admin, or take it back.
 * Picking a player loads their current role and arcades (GET /api/admin/players/{id}), and the
 * form starts from them; a lower role than the current one is confirmed first.
 */
export function Component() {
  const { t } = useTranslation();
  const { arcades } = useConsole();
  const nameOf = useArcadeName();
  const { ref: form, refused } = useRefusalFocus<HTMLFormElement>();
  const [player, setPlayer] = useState<PickedPlayer | null>(null);
  const [role, setRole] = useState<UserRole>('staff');
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<RoleAnswer | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [changeRole, { isLoading }] = useChangeRoleMutation();
  const current = useGetPlayerQuery(player?.id ?? '', { skip: !player });
  const groupId = useId();

  // The form starts from the picked player's current role and arcades, once they have loaded.
  const loaded = player && current.data?.id === player.id ? current.data : null;
  const [startedFrom, setStartedFrom] = useState<string | null>(null);
  if (loaded && startedFrom !== loaded.id) {
    setStartedFrom(loaded.id);
    setRole(loaded.role);
    setChosen(loaded.arcades);
    setErrors({});
  }
  const ready = !player || (loaded !== null && startedFrom === loaded.id);

  // Retired arcades are not offered; one the staff member still has stays, to be taken away.
  const offered = arcades.filter((a) => !a.retiredAt || loaded?.arcades.includes(a.id));

  const checkedChange = () =>
    roleChangeSchema.safeParse({ role, ...(role === 'staff' ? { arcades: chosen } : {}) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    setDone(null);
    const missing: FieldErrors = player ? {} : { user: 'missing' };
    const checked = checkedChange();
    const found = { ...missing, ...(checked.success ? {} : fieldErrors(checked.error.issues)) };
    setErrors(found);
    if (Object.keys(found).length > 0) refused();
    if (!player || !checked.success || !loaded) return;
    if (RANK[role] < RANK[loaded.role]) setConfirming(true);
    else void save();
  };

  const save = async () => {
    const checked = checkedChange();
    if (!player || !checked.success) return;
    const result = await changeRole({ userId: player.id, change: checked.data });
    setConfirming(false);
    if ('error' in result) {
      setRefusal(
        failureMessage(result.error, t, {
          last_admin: 'admin-roles.lastAdmin',
          404: 'admin-roles.noSuchUser',
        }),
      );
      return;
    }
    setDone(result.data);
  };

  return (
    <section aria-labelledby="roles-title" className="flex max-w-2xl flex-col gap-4">
      <h2 id="roles-title" className="font-display text-2xl font-bold text-ink">
        {t('admin-roles.title')}
      </h2>
      <p className="text-ink-muted">{t('admin-roles.intro')}</p>
      <Card>
        <CardBody>
          <form ref={form} noValidate onSubmit={submit} className="flex flex-col gap-5">
            <PlayerPicker
              label={t('admin-roles.user')}
              value={player}
              onChange={(picked) => {
                setPlayer(picked);
                setStartedFrom(null);
                setDone(null);
                setRefusal(null);
              }}
              error={errors.user ? t('admin-roles.pickUser') : undefined}
            />
            {player &&
              (current.isError && !loaded ? (
                <p role="alert" className="font-semibold text-danger">
                  {t('admin-roles.currentFailed')}
                </p>
              ) : !loaded ? (
                <Spinner size="sm" label={t('admin-roles.currentLoading')} className="self-start" />
              ) : (
                <p className="text-ink">
                  {loaded.role === 'staff'
                    ? t('admin-roles.currentStaff', {
                        name: loaded.userName,
                        arcades: loaded.arcades.map(nameOf).join(', ') || '–',
                      })
                    : t('admin-roles.current', {
                        name: loaded.userName,
                        role: t(`admin-roles.roles.${loaded.role}`),
                      })}
                </p>
              ))}
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1.5 text-sm font-semibold text-ink">
                {t('admin-roles.role')}
              </legend>
              <div className="flex flex-wrap gap-2">
                {USER_ROLES.map((value) => (
                  <label
                    key={value}
                    className={cn(
                      'flex cursor-pointer items-center gap-2 rounded-xl border border-line px-4 py-2 text-ink has-[:checked]:border-neon-cyan has-[:checked]:bg-neon-cyan/10',
                    )}
                  >
                    <input
                      type="radio"
                      name="role"
                      value={value}
                      checked={role === value}
                      onChange={() => setRole(value)}
                      className={cn('accent-neon-cyan', focusRing)}
                    />
                    {t(`admin-roles.roles.${value}`)}
                  </label>
                ))}
              </div>
              <p className="text-sm text-ink-muted">{t(`admin-roles.explain.${role}`)}</p>
            </fieldset>
            {role === 'staff' && (
              <fieldset
                className="flex flex-col gap-2"
                aria-describedby={errors.arcades ? `${groupId}-error` : undefined}
              >
                <legend className="mb-1.5 text-sm font-semibold text-ink">
                  {t('admin-roles.arcades')}
                </legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {offered.map((arcade) => (
                    <Checkbox
                      key={arcade.id}
                      label={
                        arcade.retiredAt
                          ? t('admin.retiredArcade', { name: arcade.name })
                          : arcade.name
                      }
                      checked={chosen.includes(arcade.id)}
                      onChange={(e) =>
                        setChosen((list) =>
                          e.target.checked
                            ? [...list, arcade.id]
                            : list.filter((id) => id !== arcade.id),
                        )
                      }
                    />
                  ))}
                </div>
                <FieldError id={`${groupId}-error`}>
                  {errors.arcades ? t('admin-roles.pickArcades') : null}
                </FieldError>
              </fieldset>
            )}
            {refusal && (
              <p role="alert" className="font-semibold text-danger">
                {refusal}
              </p>
            )}
            <Button type="submit" disabled={!ready} busy={isLoading} className="self-start">
              {isLoading ? t('admin.saving') : t('admin-roles.submit')}
            </Button>
            <p role="status" className="text-ink">
              {done &&
                (done.role === 'staff'
                  ? t('admin-roles.doneStaff', {
                      name: done.userName,
                      arcades: done.arcades.map(nameOf).join(', '),
                    })
                  : t(`admin-roles.done.${done.role}`, { name: done.userName }))}
            </p>
          </form>
        </CardBody>
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('admin-roles.lower.title')}
        description={
          loaded
            ? t('admin-roles.lower.description', {
                name: loaded.userName,
                from: t(`admin-roles.roles.${loaded.role}`),
                to: t(`admin-roles.roles.${role}`),
              })
            : ''
        }
        confirmLabel={t('admin-roles.lower.confirm')}
        busy={isLoading}
        onConfirm={() => void save()}
      />
    </section>
  );
}
