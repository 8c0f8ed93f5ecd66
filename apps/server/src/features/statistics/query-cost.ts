import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';

/** What a query may cost: every field 1, fields that read the database more. */
const MAX_QUERY_COST = 100;
const FIELD_COSTS: Record<string, number> = { statistics: 10 };

function costOf(
  set: SelectionSetNode | undefined,
  fragments: Map<string, FragmentDefinitionNode>,
  seen: Set<string>,
): number {
  if (!set) return 0;
  let cost = 0;
  for (const selection of set.selections) {
    switch (selection.kind) {
      case Kind.FIELD:
        cost +=
          (FIELD_COSTS[selection.name.value] ?? 1) +
          costOf(selection.selectionSet, fragments, seen);
        break;
      case Kind.INLINE_FRAGMENT:
        cost += costOf(selection.selectionSet, fragments, seen);
        break;
      case Kind.FRAGMENT_SPREAD: {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        // A cycle is refused by graphql's own NoFragmentCycles rule; here it only stops recursion.
        if (!fragment || seen.has(name)) break;
        seen.add(name);
        cost += costOf(fragment.selectionSet, fragments, seen);
        seen.delete(name);
        break;
      }
    }
  }
  return cost;
}

/**
 * A validation rule that refuses operations costing more than MAX_QUERY_COST, with fragments
 * expanded at every use (so aliases and repeated spreads count every time).
 */
export function queryCostRule(context: ValidationContext): ASTVisitor {
  return {
    Document: {
      leave(document) {
        const fragments = new Map<string, FragmentDefinitionNode>();
        for (const d of document.definitions)
          if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
        for (const d of document.definitions) {
          if (d.kind !== Kind.OPERATION_DEFINITION) continue;
          const cost = costOf(d.selectionSet, fragments, new Set());
          if (cost > MAX_QUERY_COST)
            context.reportError(
              new GraphQLError(`Query is too expensive: cost ${cost} exceeds ${MAX_QUERY_COST}`, {
                nodes: [d],
                extensions: { code: 'QUERY_TOO_EXPENSIVE', cost, maxCost: MAX_QUERY_COST },
              }),
            );
        }
      },
    },
  };
}

/**
 * A validation rule that refuses the schema's introspection fields (`__schema`, `__type`).
 * graphql's own NoSchemaIntrospectionCustomRule inspects the schema's types, which fails under
 * the test runner where this module and mercurius load graphql from two builds (ESM and CJS);
 * looking at the field names alone needs nothing from the schema.
 */
export function noIntrospectionRule(context: ValidationContext): ASTVisitor {
  return {
    Field(node) {
      const name = node.name.value;
      if (name === '__schema' || name === '__type')
        context.reportError(
          new GraphQLError(
            `GraphQL introspection is not allowed here, but the query contained ${name}`,
            { nodes: [node], extensions: { code: 'INTROSPECTION_DISABLED' } },
          ),
        );
    },
  };
}
