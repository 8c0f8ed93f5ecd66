import { useTranslation } from 'react-i18next';
import { ErrorState, PageSpinner, Tabs } from '../../../components/ui';
import { useConsole } from '../shell/console-context';
import { useGetCatalogueApplicationsQuery } from './api/get-applications';
import { useGetCatalogueMapsQuery } from './api/get-maps';
import { ApplicationsPanel } from './components/ApplicationsPanel';
import { MapsPanel } from './components/MapsPanel';

export interface CatalogueSectionProps {
  /** Admins edit; staff read (the server refuses their changes anyway). */
  canEdit: boolean;
}

/** The section as the console mounts it (sections.ts): admins edit, staff read. */
export function Component() {
  const { operator } = useConsole();
  return <CatalogueSection canEdit={operator.role === 'admin'} />;
}

/**
 * The console's "Katalog / Catalogue": the games, their modes and maps, with icons uploaded
 * through the assets route; retiring modes and maps (docs/operator-console.md).
 */
export function CatalogueSection({ canEdit }: CatalogueSectionProps) {
  const { t } = useTranslation();
  const applications = useGetCatalogueApplicationsQuery();
  const maps = useGetCatalogueMapsQuery();

  let body;
  if (applications.isLoading || maps.isLoading)
    body = <PageSpinner label={t('admin-catalogue.loading')} />;
  else if (!applications.data || !maps.data)
    body = (
      <ErrorState
        message={t('admin-catalogue.loadError')}
        retryLabel={t('admin-catalogue.retry')}
        onRetry={() => {
          void applications.refetch();
          void maps.refetch();
        }}
      />
    );
  else
    body = (
      <Tabs
        label={t('admin-catalogue.tabs.label')}
        items={[
          {
            value: 'applications',
            label: t('admin-catalogue.tabs.applications'),
            content: <ApplicationsPanel applications={applications.data} canEdit={canEdit} />,
          },
          {
            value: 'maps',
            label: t('admin-catalogue.tabs.maps'),
            content: (
              <MapsPanel maps={maps.data} applications={applications.data} canEdit={canEdit} />
            ),
          },
        ]}
      />
    );

  return (
    <section aria-labelledby="catalogue-title" className="space-y-4">
      <header>
        <h2 id="catalogue-title" className="font-display text-2xl font-bold">
          {t('admin-catalogue.title')}
        </h2>
        <p className="mt-1 text-ink-muted">{t('admin-catalogue.intro')}</p>
        {!canEdit && <p className="mt-1 text-sm text-ink-muted">{t('admin-catalogue.readOnly')}</p>}
      </header>
      {body}
    </section>
  );
}
