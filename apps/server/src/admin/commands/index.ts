import type { AdminCommand } from '../command';
import { command as achievements } from './achievements';
import { command as admin } from './admin';
import { command as arcade } from './arcade';
import { command as backup } from './backup';
import { command as card } from './card';
import { command as device } from './device';
import { command as keys } from './keys';
import { command as news } from './news';
import { command as restore } from './restore';

/** Every command group of `npm run admin`, by the name typed after it. Add one line per group. */
export const commands: Record<string, AdminCommand> = {
  achievements,
  admin,
  arcade,
  backup,
  card,
  device,
  keys,
  news,
  restore,
};
