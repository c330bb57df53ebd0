import { assign, fromPromise, setup } from "xstate";

/** spec §4, §9: the analytics buffer's timing and limits. */
export const ANALYTICS_BUFFER = { flushDelayMs: 250, batchSize: 50, retries: 3 } as const;

/** A buffered signal: anything with the unique id the server deduplicates on. */
export interface BufferedEvent {
  id: string;
}

export interface AnalyticsBufferContext<E extends BufferedEvent = BufferedEvent> {
  /** Waiting to be sent, oldest first. */
  queue: E[];
  /** The batch of the current attempt (still saved in storage until it succeeds). */
  inFlight: E[];
  retries: number;
}

export type AnalyticsBufferEvent<E extends BufferedEvent = BufferedEvent> =
  | { type: "analytics.track"; event: E }
  /** Starts flushing again after the retries ran out (e.g. the browser came back online). */
  | { type: "analytics.retry" };

/** Events already queued win: a reload may find in storage what was also tracked meanwhile. */
function merge<E extends BufferedEvent>(front: E[], back: E[]): E[] {
  const seen = new Set(front.map((e) => e.id));
  return [...front, ...back.filter((e) => !seen.has(e.id) && seen.add(e.id))];
}

/**
 * The analytics buffer (spec §4): signals are queued; a flush is planned 250 ms after queuing; up to 50 are
 * sent per flush; on success the retries reset and the next flush is planned; on failure the batch returns
 * to the front of the queue and the retries drop (3 at start); flushing continues only while retries
 * remain. The queue is saved after every change and every attempt (`persist`, provided by the runtime) and
 * reloaded at start (`load`), so a reload in the middle of a flush re-sends the batch and the server's
 * dedup on event ids makes every event arrive exactly once.
 */
export const analyticsBufferMachine = setup({
  types: {
    context: {} as AnalyticsBufferContext,
    events: {} as AnalyticsBufferEvent,
  },
  actors: {
    load: fromPromise<BufferedEvent[]>(async () => []),
    send: fromPromise<void, { batch: BufferedEvent[] }>(async () => {}),
  },
  actions: {
    persist: (_, _params: { queue: BufferedEvent[] }) => {},
    enqueue: assign({
      queue: ({ context, event }) =>
        event.type === "analytics.track" ? merge(context.queue, [event.event]) : context.queue,
    }),
    takeBatch: assign(({ context }) => ({
      inFlight: context.queue.slice(0, ANALYTICS_BUFFER.batchSize),
      queue: context.queue.slice(ANALYTICS_BUFFER.batchSize),
    })),
    succeeded: assign({ inFlight: [], retries: ANALYTICS_BUFFER.retries }),
    failed: assign(({ context }) => ({
      queue: merge(context.inFlight, context.queue),
      inFlight: [],
      retries: context.retries - 1,
    })),
    resetRetries: assign({ retries: ANALYTICS_BUFFER.retries }),
  },
  guards: {
    hasQueued: ({ context }) => context.queue.length > 0,
    hasRetries: ({ context }) => context.retries > 0,
  },
  delays: {
    flushDelay: ANALYTICS_BUFFER.flushDelayMs,
  },
}).createMachine({
  id: "analyticsBuffer",
  context: { queue: [], inFlight: [], retries: ANALYTICS_BUFFER.retries },
  initial: "loading",
  // Every state accepts new signals; what follows depends on the state.
  on: {
    "analytics.track": {
      actions: [
        "enqueue",
        { type: "persist", params: ({ context }) => ({ queue: [...context.inFlight, ...context.queue] }) },
      ],
    },
  },
  states: {
    loading: {
      invoke: {
        src: "load",
        onDone: {
          target: "deciding",
          actions: assign({ queue: ({ context, event }) => merge(event.output ?? [], context.queue) }),
        },
        // Storage failing must not stop analytics: the runtime reports storage_error and we go on in memory.
        onError: { target: "deciding" },
      },
    },
    deciding: {
      always: [{ guard: "hasQueued", target: "scheduled" }, { target: "idle" }],
    },
    idle: {
      on: {
        "analytics.track": {
          target: "scheduled",
          actions: ["enqueue", { type: "persist", params: ({ context }) => ({ queue: context.queue }) }],
        },
      },
    },
    scheduled: {
      after: { flushDelay: { target: "flushing" } },
    },
    flushing: {
      entry: "takeBatch",
      invoke: {
        src: "send",
        input: ({ context }) => ({ batch: context.inFlight }),
        onDone: {
          target: "deciding",
          actions: ["succeeded", { type: "persist", params: ({ context }) => ({ queue: context.queue }) }],
        },
        onError: [
          {
            target: "retrying",
            actions: ["failed", { type: "persist", params: ({ context }) => ({ queue: context.queue }) }],
          },
        ],
      },
    },
    retrying: {
      always: [{ guard: "hasRetries", target: "scheduled" }, { target: "exhausted" }],
    },
    /** Retries ran out: signals are still queued and saved, and go out after a retry or the next page load. */
    exhausted: {
      on: { "analytics.retry": { target: "deciding", actions: "resetRetries" } },
    },
  },
});
