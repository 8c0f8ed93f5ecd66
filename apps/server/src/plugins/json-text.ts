import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that is already text (built by PostgreSQL) as the answer, without parsing it and
 * serializing it again. The route's response schema still documents the shape; its tests hold
 * the text to that schema.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
