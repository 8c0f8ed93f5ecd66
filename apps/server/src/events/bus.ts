/**
 * What an event brings its handlers: the writer's transaction handle (`tx`) and what happened
 * (`payload`).
 */
export interface EventSpec {
  tx: unknown;
  payload: unknown;
}

export type EventHandler<E extends EventSpec> = (
  tx: E['tx'],
  payload: E['payload'],
) => void | Promise<void>;

type Handlers<M> = { [K in keyof M]?: Array<EventHandler<M[K] & EventSpec>> };

/**
 * A typed in-process event bus for the reactions that belong to a write (a notification for a
 * stored game, a feature forgetting a deleted player). The writer emits inside its transaction
 * and hands its transaction handle over: every handler runs in that transaction, one after
 * another in the order they subscribed, so what they write commits or rolls back with the
 * write. The first handler that throws stops the others and fails the emit (and with it the
 * transaction). Created once per app (buildApp) or admin command, never module-wide.
 */
export class EventBus<M extends { [K in keyof M]: EventSpec }> {
  private readonly handlers: Handlers<M> = {};

  /** Subscribes a handler; the answer unsubscribes it. */
  on<K extends keyof M>(name: K, handler: EventHandler<M[K]>): () => void {
    const list = (this.handlers[name] ??= []);
    list.push(handler);
    return () => {
      const at = list.indexOf(handler);
      if (at >= 0) list.splice(at, 1);
    };
  }

  /** Runs every handler of the event, in order, with the writer's transaction handle. */
  async emit<K extends keyof M>(name: K, tx: M[K]['tx'], payload: M[K]['payload']): Promise<void> {
    // A copy: a handler that unsubscribes while the event runs does not skip the next one.
    for (const handler of [...(this.handlers[name] ?? [])]) await handler(tx, payload);
  }
}
