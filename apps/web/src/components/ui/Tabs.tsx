import type { ReactNode } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';
import { NavLink } from 'react-router';
import { cn } from '../../lib/class-names';
import { focusRing } from './focus';

const tabClasses = cn(
  'relative inline-flex h-11 items-center justify-center px-4 font-semibold tracking-wide text-ink-muted transition',
  'hover:text-ink',
  'after:absolute after:inset-x-2 after:bottom-0 after:h-0.5 after:rounded-full after:bg-transparent after:transition',
  focusRing,
);
const activeClasses = 'text-neon-cyan-soft after:bg-neon-cyan after:shadow-neon-cyan';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

/** In-page tabs (Radix): arrow keys move between tabs, the panel follows. */
export function Tabs({
  items,
  value,
  defaultValue,
  onValueChange,
  label,
  className,
}: {
  items: TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  className?: string;
}) {
  return (
    <RadixTabs.Root
      value={value}
      defaultValue={defaultValue ?? items[0]?.value}
      onValueChange={onValueChange}
      className={className}
    >
      <RadixTabs.List aria-label={label} className="flex flex-wrap gap-1 border-b border-line">
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className={cn(
              tabClasses,
              'data-[state=active]:text-neon-cyan-soft',
              'data-[state=active]:after:bg-neon-cyan',
            )}
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className={cn('pt-4', focusRing)}>
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}

export interface LinkTab {
  /** Route path, relative to the current route or absolute. */
  to: string;
  label: ReactNode;
  /** Active only on an exact match (for an index tab). */
  end?: boolean;
}

/** Tabs that are routes (e.g. profile/statistics, profile/games): a nav of links, the active one marked. */
export function LinkTabs({
  tabs,
  label,
  className,
}: {
  tabs: LinkTab[];
  label: string;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={cn('border-b border-line', className)}>
      <ul className="flex gap-1 overflow-x-auto">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) => cn(tabClasses, isActive && activeClasses)}
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
