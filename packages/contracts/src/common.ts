import { z } from 'zod';

export const uuidSchema = z.uuid().toLowerCase();
export const idParamsSchema = z.object({ id: uuidSchema });
export const okSchema = z.object({ success: z.literal(true) });
