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
