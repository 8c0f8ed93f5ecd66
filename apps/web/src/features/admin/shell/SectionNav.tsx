import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn, focusRing } from '../../../components/ui';
import type { ConsoleSection } from '../sections';

/**
 * The console's sections: a column beside the content on wide screens, a row of pills above it
 * (scrolling sideways when they do not fit) on tablets and phones.
 */
export function SectionNav({
  sections,
  href,
}: {
  sections: ConsoleSection[];
  href: (path: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('admin.sectionsNav')} className="min-w-0">
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2 lg:mx-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:px-0">
        {sections.map((section) => {
          const Icon = section.icon;
          return (
            <li key={section.id} className="shrink-0">
              <NavLink
                to={href(section.path)}
                className={({ isActive }) =>
                  cn(
                    'flex h-11 items-center gap-2 rounded-xl px-4 font-semibold whitespace-nowrap text-ink no-underline transition hover:bg-white/8 hover:text-neon-cyan-soft',
                    'border border-line lg:border-transparent',
                    focusRing,
                    isActive &&
                      'border-neon-cyan/60 bg-neon-cyan/10 text-neon-cyan-soft lg:shadow-[inset_3px_0_0_var(--color-neon-cyan)]',
                  )
                }
              >
                <Icon aria-hidden="true" size={20} />
                {t(section.label)}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
