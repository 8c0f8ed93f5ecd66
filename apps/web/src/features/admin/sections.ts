import type { ComponentType } from 'react';
import {
  Building2,
  Cpu,
  DoorOpen,
  Gamepad2,
  IdCard,
  Library,
  Newspaper,
  ScrollText,
  ShieldCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';

/**
 * The console's sections (docs/operator-console.md). Adding one is one line here: its folder
 * `features/admin/<area>/` exports `Component` from the module `load` imports.
 */
export interface ConsoleSection {
  id: string;
  /** Below /admin; the section's own sub-pages follow it (`games/:gameId`). */
  path: string;
  /** i18n key of its name in the section nav. */
  label: string;
  icon: LucideIcon;
  /** Who sees it: staff and admins, or admins only. */
  role: 'staff' | 'admin';
  /** Needs the arcade picked in the console (`useConsole().arcadeId` is then never null). */
  arcade: boolean;
  load: () => Promise<{ Component: ComponentType }>;
}

// prettier-ignore
export const sections: ConsoleSection[] = [
  { id: 'arcades', path: 'arcades', label: 'admin-arcades.nav', icon: Building2, role: 'staff', arcade: false, load: () => import('./arcades/ArcadesSection') },
  { id: 'devices', path: 'devices', label: 'admin-devices.nav', icon: Cpu, role: 'staff', arcade: true, load: () => import('./devices/DevicesSection') },
  { id: 'games', path: 'games', label: 'admin-games.nav', icon: Gamepad2, role: 'staff', arcade: true, load: () => import('./games/GamesSection') },
  { id: 'catalogue', path: 'catalogue', label: 'admin-catalogue.nav', icon: Library, role: 'staff', arcade: false, load: () => import('./catalogue/CatalogueSection') },
  { id: 'news', path: 'news', label: 'admin-news.nav', icon: Newspaper, role: 'admin', arcade: false, load: () => import('./news/NewsSection') },
  { id: 'players', path: 'players', label: 'admin-players.nav', icon: Users, role: 'staff', arcade: false, load: () => import('./players/PlayersSection') },
  { id: 'cards', path: 'cards', label: 'admin-cards.nav', icon: IdCard, role: 'staff', arcade: true, load: () => import('./cards/CardsSection') },
  { id: 'visits', path: 'visits', label: 'admin-visits.nav', icon: DoorOpen, role: 'staff', arcade: true, load: () => import('./visits/VisitsSection') },
  { id: 'audit', path: 'audit', label: 'admin-audit.nav', icon: ScrollText, role: 'staff', arcade: false, load: () => import('./audit/AuditSection') },
  { id: 'roles', path: 'roles', label: 'admin-roles.nav', icon: ShieldCheck, role: 'admin', arcade: false, load: () => import('./roles/RolesSection') },
];
