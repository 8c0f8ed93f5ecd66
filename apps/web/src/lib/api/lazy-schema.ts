import type { StandardSchemaV1 } from '@standard-schema/spec';
import type * as ContractsModule from '@arcadia/contracts';

type Contracts = typeof ContractsModule;

/**
 * A contracts schema for an RTK Query `responseSchema`, loaded on first use: the schemas (and zod)
 * stay out of the first bundle of pages that need none before their first answer. Validation is
 * the schema's own (Standard Schema allows it to be asynchronous); an answer that breaks its
 * contract fails the request with a PARSING_ERROR (see `catchSchemaFailure` in base.ts).
 */
interface Validates<T> {
  '~standard': {
    validate(value: unknown): StandardSchemaV1.Result<T> | Promise<StandardSchemaV1.Result<T>>;
  };
}

export function lazySchema<T>(pick: (contracts: Contracts) => Validates<T>): StandardSchemaV1<T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'arcadia-contracts',
      validate: async (value) => {
        const schema = pick(await import('@arcadia/contracts'));
        return schema['~standard'].validate(value);
      },
    },
  };
}

/**
 * An answer of our own server that does not pass through RTK Query (the sign-in configuration,
 * a GraphQL field, a live event), checked by the same policy as base.ts's `skipSchemaValidation`:
 * development and tests check it against its contract (loading the schemas on first use); the
 * production build takes it as sent, since the server checked it before sending it, so a page
 * loads no zod for it. Answers the value, or the contract's issues.
 */
export async function checkAnswer<T>(
  pick: (contracts: Contracts) => Validates<T>,
  value: unknown,
): Promise<StandardSchemaV1.Result<T>> {
  if (import.meta.env.PROD) return { value: value as T };
  return pick(await import('@arcadia/contracts'))['~standard'].validate(value);
}
