import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../plugins/errors';
import { recordAudit } from '../../features/admin/audit';
import {
  createDeviceIn,
  deviceByKey,
  devicesOf,
  isOnline,
  rotateDeviceKey,
} from '../../features/devices/service';
import { deviceQr } from '../../features/devices/qr';
import { CLI_ACTOR, parseAction, type AdminCommand, type AdminContext } from '../command';

const options = {
  arcade: { type: 'string' },
  id: { type: 'string' },
  name: { type: 'string' },
  capacity: { type: 'string' },
  kind: { type: 'string' },
  application: { type: 'string' },
  out: { type: 'string' },
} as const;

/** Where QR files go: --out, else ./devices where npm was started. */
function outDir(out: string | undefined): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), out ?? 'devices');
}

async function writeQr(ctx: AdminContext, arcade: string, id: string, out: string | undefined) {
  const qr = await deviceQr(arcade, id);
  const dir = outDir(out);
  await fs.mkdir(dir, { recursive: true });
  const stem = path.join(dir, `device-${arcade}-${id}`);
  await fs.writeFile(`${stem}.png`, qr.png);
  await fs.writeFile(`${stem}.svg`, qr.svg);
  ctx.out(`device code: ${qr.code}`);
  ctx.out(qr.terminal);
  ctx.out(`wrote ${stem}.png`);
  ctx.out(`wrote ${stem}.svg`);
}

function printKey(ctx: AdminContext, arcade: string, id: string, key: string) {
  ctx.out('');
  ctx.out(`device key (shown only now; store it on the device): ${key}`);
  ctx.out(`device-sim: --arcade ${arcade} --device ${id} --key=${key}`);
}

export const command: AdminCommand = {
  summary: 'Arcade devices: create (key + QR code), rotate keys, list',
  usage: [
    'device create --arcade <arcade> --id <id> --name <name> [--capacity 8] [--kind laser-tag] [--application commando] [--out dir]',
    'device rotate-key --arcade <arcade> --id <id>',
    'device qr --arcade <arcade> --id <id> [--out dir]',
    'device list [--arcade <arcade>]',
  ],
  async run(args, ctx) {
    let parsed;
    try {
      parsed = parseAction(args, options);
    } catch (error) {
      ctx.out(`error: ${error instanceof Error ? error.message : String(error)}`);
      return 2;
    }
    const { action, values } = parsed;
    const needDevice = () => {
      if (values.arcade && values.id) return { arcade: values.arcade, id: values.id };
      ctx.out(`error: device ${action} needs --arcade <arcade> and --id <id>`);
      return null;
    };
    try {
      switch (action ?? '') {
        case 'create': {
          const target = needDevice();
          if (!target) return 2;
          if (!values.name) {
            ctx.out('error: device create needs --name <name>');
            return 2;
          }
          const name = values.name;
          const { device, key } = await ctx.db.transaction(async (tx) => {
            const made = await createDeviceIn(tx, {
              ...target,
              name,
              capacity: values.capacity,
              kind: values.kind,
              applicationId: values.application,
            });
            const { arcadeId, id, capacity, kind, applicationId } = made.device;
            await recordAudit(tx, CLI_ACTOR, {
              action: 'device.create',
              targetType: 'device',
              targetId: `${arcadeId};${id}`,
              arcadeId,
              after: { id, name: made.device.name, capacity, kind, applicationId },
            });
            return made;
          });
          ctx.out(
            `created device ${device.arcadeId};${device.id} "${device.name}" (capacity ${device.capacity}, ${device.applicationId})`,
          );
          await writeQr(ctx, device.arcadeId, device.id, values.out);
          printKey(ctx, device.arcadeId, device.id, key);
          return 0;
        }
        case 'rotate-key': {
          const target = needDevice();
          if (!target) return 2;
          const { device, key } = await ctx.db.transaction(async (tx) => {
            const rotated = await rotateDeviceKey(tx, target.arcade, target.id);
            await recordAudit(tx, CLI_ACTOR, {
              action: 'device.rotate_key',
              targetType: 'device',
              targetId: `${target.arcade};${target.id}`,
              arcadeId: target.arcade,
            });
            return rotated;
          });
          ctx.out(`new key for ${device.arcadeId};${device.id}; the old key no longer works`);
          printKey(ctx, device.arcadeId, device.id, key);
          return 0;
        }
        case 'qr': {
          const target = needDevice();
          if (!target) return 2;
          if (!(await deviceByKey(ctx.db, target.arcade, target.id)))
            throw new AppError(404, 'not_found', `No device "${target.arcade};${target.id}"`);
          await writeQr(ctx, target.arcade, target.id, values.out);
          return 0;
        }
        case 'list': {
          const rows = await devicesOf(ctx.db, values.arcade);
          if (rows.length === 0) ctx.out('no devices');
          for (const { device, players } of rows) {
            const state = device.disabledAt
              ? 'disabled'
              : device.matchStartedAt
                ? 'in match'
                : isOnline(device)
                  ? 'online'
                  : 'offline';
            ctx.out(
              [
                `${device.arcadeId};${device.id}`.padEnd(32),
                device.name.padEnd(24),
                `${players}/${device.capacity}`.padEnd(6),
                state.padEnd(9),
                device.lastSeenAt ? `last seen ${device.lastSeenAt.toISOString()}` : 'never seen',
              ].join(' '),
            );
          }
          return 0;
        }
        default:
          ctx.out(`error: unknown action "${action ?? ''}"; use: ${command.usage.join(' | ')}`);
          return 2;
      }
    } catch (error) {
      if (error instanceof AppError) {
        ctx.out(`error: ${error.message}`);
        return 1;
      }
      throw error;
    }
  },
};
