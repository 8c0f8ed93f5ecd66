import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { roleChangeSchema, USER_ROLES, type UserRole } from '@arcadia/contracts';
import {
  Button,
  Card,
  CardBody,
  Checkbox,
  FieldError,
  cn,
  focusRing,
} from '../../../components/ui';
import { toFailure } from '../../../lib/api/failure';
import { useConsole } from '../shell/console-context';
import { fieldErrors, type FieldErrors } from '../shell/form-errors';
import { PlayerPicker, type PickedPlayer } from '../shell/PlayerPicker';
import { useChangeRoleMutation, type RoleAnswer } from './api/change-role';

/** /admin/roles (admins): give a player the role staff (with arcades) or admin, or take it back. */
export function Component() {
  const { t } = useTranslation();
  const { arcades } = useConsole();
  const [player, setPlayer] = useState<PickedPlayer | null>(null);
  const [role, setRole] = useState<UserRole>('staff');
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<RoleAnswer | null>(null);
  const [changeRole, { isLoading }] = useChangeRoleMutation();
  const groupId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    setDone(null);
    const missing: FieldErrors = player ? {} : { user: 'missing' };
    const checked = roleChangeSchema.safeParse({
      role,
      ...(role === 'staff' ? { arcades: chosen } : {}),
    });
    const found = { ...missing, ...(checked.success ? {} : fieldErrors(checked.error.issues)) };
    setErrors(found);
    if (!player || !checked.success) return;
    const result = await changeRole({ userId: player.id, change: checked.data });
    if ('error' in result) {
      const failure = toFailure(result.error);
      setRefusal(
        failure.code === 'last_admin'
          ? t('admin-roles.lastAdmin')
          : failure.status === 404
            ? t('admin-roles.noSuchUser')
            : t('admin.failed', { message: failure.message }),
      );
      return;
    }
    setDone(result.data);
  };

  const nameOf = (id: string) => arcades.find((a) => a.id === id)?.name ?? id;
  return (
    <section aria-labelledby="roles-title" className="flex max-w-2xl flex-col gap-4">
      <h2 id="roles-title" className="font-display text-2xl font-bold text-ink">
        {t('admin-roles.title')}
      </h2>
      <p className="text-ink-muted">{t('admin-roles.intro')}</p>
      <Card>
        <CardBody>
          <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
            <PlayerPicker
              label={t('admin-roles.user')}
              value={player}
              onChange={(picked) => {
                setPlayer(picked);
                setDone(null);
              }}
              error={errors.user ? t('admin-roles.pickUser') : undefined}
            />
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
                  {arcades.map((arcade) => (
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
            <Button type="submit" disabled={isLoading} className="self-start">
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
    </section>
  );
}
