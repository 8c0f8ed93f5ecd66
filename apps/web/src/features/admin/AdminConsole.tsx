import { lazy, Suspense, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import {
  matchPath,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router';
import { Building2, ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OperatorInfo } from '@arcadia/contracts';
import { EmptyState, ErrorState, PageSpinner, Spinner } from '../../components/ui';
import { toFailure } from '../../lib/api/failure';
import { sections, type ConsoleSection } from './sections';
import { useGetOperatorQuery } from './shell/api/get-operator';
import { useGetAdminArcadesQuery } from './shell/api/get-admin-arcades';
import { ArcadePicker } from './shell/ArcadePicker';
import { SectionNav } from './shell/SectionNav';
import { useLostAccessWatch } from './shell/lost-access';
import {
  ARCADE_PARAM,
  ConsoleContext,
  consoleHref,
  mayOpen,
  useConsole,
  type ConsoleState,
} from './shell/console-context';

/** The arcades section's editor of one arcade (features/admin/arcades/ArcadesSection.tsx). */
const ARCADE_EDITOR_PATH = '/admin/arcades/:arcadeId/edit';

/** Each section's code loads when it is first opened. */
const lazySections: Array<{ section: ConsoleSection; Section: ComponentType }> = sections.map(
  (section) => ({
    section,
    Section: lazy(() => section.load().then((module) => ({ default: module.Component }))),
  }),
);

/**
 * `/admin/*`: the operator console (issue 14) for staff and admins. It asks GET /api/admin/me who
 * is signed in; players see a "no access" page. The layout: title and arcade picker on top, the
 * sections (sections.ts) in a side column on wide screens and a row above on tablets.
 */
export function Component() {
  const { t } = useTranslation();
  const operator = useGetOperatorQuery();
  if (operator.isLoading) return <PageSpinner label={t('admin.loading')} />;
  if (operator.isError) {
    const failure = toFailure(operator.error);
    if (failure.status === 403 || failure.status === 401) return <NoAccess />;
    return <ErrorState message={t('admin.loadFailed')} onRetry={() => void operator.refetch()} />;
  }
  if (!operator.data) return <PageSpinner label={t('admin.loading')} />;
  return <Console operator={operator.data} />;
}

function NoAccess() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <h1 className="font-display text-3xl font-bold text-ink">{t('admin.title')}</h1>
      <EmptyState
        icon={<ShieldX size={40} />}
        title={t('admin.noAccess.title')}
        description={t('admin.noAccess.description')}
      />
    </div>
  );
}

function Console({ operator }: { operator: OperatorInfo }) {
  const { t } = useTranslation();
  const arcadesQuery = useGetAdminArcadesQuery();
  const [params, setParams] = useSearchParams();
  // A 403 from any section asks /admin/me again: a lost role shows "no access" (above).
  useLostAccessWatch();

  // Staff pick from their own arcades (GET /admin/me); admins from every arcade.
  const arcades = useMemo(() => {
    const all = arcadesQuery.data?.arcades ?? [];
    return operator.arcades ? all.filter((a) => operator.arcades?.includes(a.id)) : all;
  }, [arcadesQuery.data, operator.arcades]);

  // An arcade's editor works on the arcade in its path: the picker shows that one, and picking
  // another opens that one's editor (the unsaved-changes guard asks first: the path changes).
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const editing = matchPath(ARCADE_EDITOR_PATH, pathname)?.params.arcadeId;
  const inUrl = params.get(ARCADE_PARAM);
  const requested = editing ?? inUrl;
  const fallback = arcades.find((a) => !a.retiredAt) ?? arcades[0];
  const arcadeId = arcades.some((a) => a.id === requested) ? requested : (fallback?.id ?? null);

  // The URL always names the arcade shown, so a reload or a shared link opens the same one.
  const loaded = arcadesQuery.isSuccess;
  useEffect(() => {
    if (!loaded || arcadeId === inUrl) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (arcadeId) next.set(ARCADE_PARAM, arcadeId);
        else next.delete(ARCADE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [loaded, arcadeId, inUrl, setParams]);

  const state = useMemo<ConsoleState>(
    () => ({
      operator,
      arcadeId,
      arcade: arcades.find((a) => a.id === arcadeId) ?? null,
      arcades,
      href: (path) => consoleHref(path, arcadeId),
    }),
    [operator, arcadeId, arcades],
  );
  const visible = sections.filter((section) => mayOpen(operator, section.role));
  const pick = (id: string) => {
    if (editing) {
      void navigate(consoleHref(`arcades/${encodeURIComponent(id)}/edit`, id));
      return;
    }
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(ARCADE_PARAM, id);
      return next;
    });
  };

  return (
    <ConsoleContext.Provider value={state}>
      <div className="flex flex-col gap-6">
        <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <div className="flex flex-col gap-1">
            <p className="text-sm font-semibold tracking-widest text-neon-pink uppercase">
              {t(`admin.role.${operator.role}`, { name: operator.userName })}
            </p>
            <h1 className="font-display text-3xl font-bold text-ink neon-text">
              {t('admin.title')}
            </h1>
          </div>
          <ArcadePicker arcades={arcades} value={arcadeId} onChange={pick} />
        </header>
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-8">
          <SectionNav sections={visible} href={state.href} />
          <div className="min-w-0">
            {arcadesQuery.isLoading ? (
              <PageSpinner label={t('admin.loading')} />
            ) : arcadesQuery.isError ? (
              <ErrorState
                message={t('admin.arcadesFailed')}
                onRetry={() => void arcadesQuery.refetch()}
              />
            ) : (
              <Routes>
                <Route
                  index
                  element={
                    visible[0] ? <Navigate to={state.href(visible[0].path)} replace /> : null
                  }
                />
                {lazySections.map(({ section, Section }) => (
                  <Route
                    key={section.id}
                    path={`${section.path}/*`}
                    element={
                      <SectionView section={section}>
                        {/* A section on the picked arcade starts afresh when the arcade changes. */}
                        <Section key={section.arcade ? (arcadeId ?? '') : undefined} />
                      </SectionView>
                    }
                  />
                ))}
                <Route path="*" element={<EmptyState title={t('admin.unknownSection')} />} />
              </Routes>
            )}
          </div>
        </div>
      </div>
    </ConsoleContext.Provider>
  );
}

/** One section: its role and arcade checked, its code loaded on first use. */
function SectionView({ section, children }: { section: ConsoleSection; children: ReactNode }) {
  const { t } = useTranslation();
  const { operator, arcadeId } = useConsole();
  if (!mayOpen(operator, section.role))
    return (
      <EmptyState
        icon={<ShieldX size={40} />}
        title={t('admin.noAccess.section')}
        description={t('admin.noAccess.adminsOnly')}
      />
    );
  if (section.arcade && !arcadeId)
    return (
      <EmptyState
        icon={<Building2 size={40} />}
        title={t('admin.noArcade.title')}
        description={t(operator.role === 'admin' ? 'admin.noArcade.admin' : 'admin.noArcade.staff')}
      />
    );
  return (
    <Suspense fallback={<Spinner size="lg" className="w-full py-16" label={t('admin.loading')} />}>
      {children}
    </Suspense>
  );
}
