import type * as ContractsModule from '@arcadia/contracts';

type Contracts = typeof ContractsModule;

/**
 * An RTK Query `transformResponse` that parses the answer with a contracts schema loaded on
 * first use: the schemas (and zod) stay out of the first bundle of pages that need none before
 * their first answer. An answer that breaks its contract fails the request.
 */
export function parseWith<T>(pick: (contracts: Contracts) => { parse(raw: unknown): T }) {
  return async (raw: unknown): Promise<T> => {
    const contracts = await import('@arcadia/contracts');
    return pick(contracts).parse(raw);
  };
}
