import type { AdminCommand } from '../command';
import { command as arcade } from './arcade';
import { command as card } from './card';
import { command as device } from './device';
import { command as keys } from './keys';
import { command as news } from './news';

/** Every command group of `npm run admin`, by the name typed after it. Add one line per group. */
export const commands: Record<string, AdminCommand> = { arcade, card, device, keys, news };
