import { useLayoutEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn, focusRing } from '../../../components/ui';
import type { ConsoleSection } from '../sections';

/**
 * The console's sections: a column beside the content on wide screens (lg), pills above it on
 * tablets (wrapping onto a second row) and phones (one row scrolling sideways).
 */
export function SectionNav({
  sections,
  href,
}: {
  sections: ConsoleSection[];
  href: (path: string) => string;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On a phone the row scrolls sideways: the current section is brought into it, else a section
  // far along the row (Rollen, Protokoll) is open with no sign of which one it is. Only the row
  // scrolls, never the page.
  useLayoutEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    const left =
      current.getBoundingClientRect().left - row.getBoundingClientRect().left + row.scrollLeft;
    if (left < row.scrollLeft || left + current.offsetWidth > row.scrollLeft + row.clientWidth)
      row.scrollLeft = left - (row.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav aria-label={t('admin.sectionsNav')} className="min-w-0">
      <ul
        ref={list}
        className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2 md:flex-wrap md:overflow-visible lg:mx-0 lg:flex-col lg:flex-nowrap lg:gap-1 lg:px-0"
      >
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
