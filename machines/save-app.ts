import { assign, emit, fromPromise, setup } from "xstate";

/** spec §4 "App save" texts. */
export const APP_CREATED = "App created";
export const APP_UPDATED = "App updated";

/** What the save sends: the app id when it exists, the version the draft was based on, and the draft. */
export interface SaveRequest<D = unknown> {
  appId?: string;
  version?: number;
  slug?: string;
  definition: D;
}

export interface SavedApp<D = unknown> {
  appId: string;
  version: number;
  slug: string;
  definition: D;
}

/** A failed save as the client reports it; a 409 carries the app as it is now on the server. */
export interface SaveFailure<D = unknown> {
  status: number;
  message: string;
  code?: string;
  details?: { current?: SavedApp<D> };
}

export interface SaveContext {
  appId?: string;
  version?: number;
  slug?: string;
  /** The server's app when a save hit someone else's newer save. */
  theirs: SavedApp | null;
  /** The draft that was refused, kept until the user chooses (never silently dropped). */
  mine: unknown;
}

export type SaveEvent =
  | { type: "save.request"; definition: unknown; slug?: string }
  | { type: "conflict.keepMine"; definition: unknown }
  | { type: "conflict.reloadTheirs" };

export type SaveEmitted =
  | { type: "save.done"; app: SavedApp; created: boolean; message: string }
  | { type: "save.failed"; message: string }
  | { type: "conflict.reloaded"; app: SavedApp };

const isConflict = (error: unknown) => {
  const e = error as SaveFailure | undefined;
  return e?.status === 409 && Boolean(e.details?.current);
};

/**
 * Save App (spec §4, issue 5 item 6): loading until the save settles; a new app is created, an existing
 * one updated; a version conflict waits for the user's choice between their edit and the server's.
 */
export const saveAppMachine = setup({
  types: {
    context: {} as SaveContext,
    events: {} as SaveEvent,
    input: {} as { appId?: string; version?: number; slug?: string },
    emitted: {} as SaveEmitted,
  },
  actors: {
    save: fromPromise<SavedApp, SaveRequest>(async () => {
      throw new Error("save must be provided by the client");
    }),
  },
  guards: {
    isConflict: ({ event }) => "error" in event && isConflict(event.error),
    isNew: ({ context }) => !context.appId,
  },
  actions: {
    remember: assign(({ event }) => {
      const app = (event as unknown as { output: SavedApp }).output;
      return { appId: app.appId, version: app.version, slug: app.slug, theirs: null, mine: null };
    }),
  },
}).createMachine({
  id: "saveApp",
  context: ({ input }) => ({ ...input, theirs: null, mine: null }),
  initial: "idle",
  states: {
    idle: {
      on: {
        "save.request": {
          target: "saving",
          actions: assign(({ context, event }) => ({
            mine: event.definition,
            slug: event.slug ?? context.slug,
          })),
        },
      },
    },
    saving: {
      invoke: {
        src: "save",
        input: ({ context }) => ({
          appId: context.appId,
          version: context.version,
          slug: context.slug,
          definition: context.mine,
        }),
        onDone: [
          {
            guard: "isNew",
            target: "idle",
            actions: [
              "remember",
              emit(
                ({ event }) =>
                  ({ type: "save.done", app: event.output, created: true, message: APP_CREATED }) as const,
              ),
            ],
          },
          {
            target: "idle",
            actions: [
              "remember",
              emit(
                ({ event }) =>
                  ({ type: "save.done", app: event.output, created: false, message: APP_UPDATED }) as const,
              ),
            ],
          },
        ],
        onError: [
          {
            guard: "isConflict",
            target: "conflict",
            actions: assign({ theirs: ({ event }) => (event.error as SaveFailure).details!.current! }),
          },
          {
            target: "idle",
            actions: emit(
              ({ event }) =>
                ({ type: "save.failed", message: (event.error as SaveFailure).message }) as const,
            ),
          },
        ],
      },
    },
    /** Someone saved in between: nothing is written or discarded until the user picks one. */
    conflict: {
      on: {
        // Mine wins: saved again on top of their version, so their save is the previous one on the server.
        "conflict.keepMine": {
          target: "saving",
          actions: assign(({ context, event }) => ({
            version: context.theirs!.version,
            mine: event.definition,
          })),
        },
        // Theirs wins: the UI loads their definition as a new undoable step, so mine stays one undo away.
        "conflict.reloadTheirs": {
          target: "idle",
          actions: [
            emit(({ context }) => ({ type: "conflict.reloaded", app: context.theirs! }) as const),
            assign(({ context }) => ({
              version: context.theirs!.version,
              slug: context.theirs!.slug,
              theirs: null,
              mine: null,
            })),
          ],
        },
      },
    },
  },
});
