import { createContext, useContext } from 'react';
import type { AdminArcade, OperatorInfo } from '@arcadia/contracts';

/** The URL search parameter that keeps the picked arcade (links and reloads keep it). */
export const ARCADE_PARAM = 'arcade';

export interface ConsoleState {
  /** Who is signed in (GET /api/admin/me). */
  operator: OperatorInfo;
  /** The arcade picked in the console's picker; null when the operator has none to pick. */
  arcadeId: string | null;
  /** That arcade's details, when the list has loaded. */
  arcade: AdminArcade | null;
  /** Every arcade the operator may pick (admins: all, retired ones too). */
  arcades: AdminArcade[];
  /**
   * A console link that keeps the picked arcade: `href('games/123')` is
   * `/admin/games/123?arcade=berlin`.
   */
  href: (path: string) => string;
}

export const ConsoleContext = createContext<ConsoleState | null>(null);

/** The console's state for a section: the operator and the picked arcade. */
export function useConsole(): ConsoleState {
  const state = useContext(ConsoleContext);
  if (!state) throw new Error('useConsole() outside the operator console');
  return state;
}

/** An arcade's name from the console's list, for an id the API answers with (else the id). */
export function useArcadeName(): (id: string) => string {
  const { arcades } = useConsole();
  return (id) => arcades.find((a) => a.id === id)?.name ?? id;
}

/** `/admin/{path}` with the arcade kept as `?arcade=`. */
export function consoleHref(path: string, arcadeId: string | null): string {
  const clean = path.replace(/^\/+/, '');
  const base = clean ? `/admin/${clean}` : '/admin';
  return arcadeId ? `${base}?${ARCADE_PARAM}=${encodeURIComponent(arcadeId)}` : base;
}

/** A console link with one more search parameter (`?arcade=berlin&day=2026-11-30`). */
export function withParam(url: string, key: string, value: string): string {
  const [path, query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.set(key, value);
  return `${path}?${params}`;
}

const RANK = { staff: 1, admin: 2 } as const;

/** Whether the operator's role reaches a section's minimum role. */
export function mayOpen(operator: OperatorInfo, minimum: 'staff' | 'admin'): boolean {
  return RANK[operator.role] >= RANK[minimum];
}
