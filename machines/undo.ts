import { assign, setup } from "xstate";

/** How many steps back the history keeps (the issue asks for at least 50). */
export const HISTORY_LIMIT = 100;
/**
 * Edits of the same field closer together than this are one step: undoing a word typed into a title
 * should not take one undo per keystroke.
 */
export const COALESCE_MS = 800;

export interface HistoryContext {
  past: unknown[];
  present: unknown;
  future: unknown[];
  /** The field of the last edit and when it happened, for coalescing. */
  lastKey?: string;
  lastAt: number;
}

export type HistoryEvent =
  | { type: "edit.apply"; value: unknown; key?: string; at: number }
  | { type: "history.undo" }
  | { type: "history.redo" }
  | { type: "history.reset"; value: unknown };

/**
 * Undo/redo of one value (the app definition). Framework-free: every edit of the builder, whether from a
 * form, a grid move or a theme change, is an `edit.apply` with the whole next value.
 */
export const historyMachine = setup({
  types: {
    context: {} as HistoryContext,
    events: {} as HistoryEvent,
    input: {} as { value: unknown },
  },
  guards: {
    canUndo: ({ context }) => context.past.length > 0,
    canRedo: ({ context }) => context.future.length > 0,
    continuesLastEdit: ({ context, event }) =>
      event.type === "edit.apply" &&
      event.key !== undefined &&
      event.key === context.lastKey &&
      event.at - context.lastAt < COALESCE_MS &&
      // Never fold into the state undo would return to: after an undo the next edit is a new step.
      context.future.length === 0,
  },
  actions: {
    replacePresent: assign(({ event }) => {
      if (event.type !== "edit.apply") return {};
      return { present: event.value, lastAt: event.at };
    }),
    pushPresent: assign(({ context, event }) => {
      if (event.type !== "edit.apply") return {};
      return {
        past: [...context.past, context.present].slice(-HISTORY_LIMIT),
        present: event.value,
        future: [],
        lastKey: event.key,
        lastAt: event.at,
      };
    }),
    stepBack: assign(({ context }) => ({
      past: context.past.slice(0, -1),
      present: context.past[context.past.length - 1],
      future: [context.present, ...context.future],
      lastKey: undefined,
    })),
    stepForward: assign(({ context }) => ({
      past: [...context.past, context.present],
      present: context.future[0],
      future: context.future.slice(1),
      lastKey: undefined,
    })),
    restart: assign(({ event }) => {
      if (event.type !== "history.reset") return {};
      return { past: [], present: event.value, future: [], lastKey: undefined, lastAt: 0 };
    }),
  },
}).createMachine({
  id: "history",
  context: ({ input }) => ({ past: [], present: input.value, future: [], lastAt: 0 }),
  on: {
    "edit.apply": [{ guard: "continuesLastEdit", actions: "replacePresent" }, { actions: "pushPresent" }],
    "history.undo": { guard: "canUndo", actions: "stepBack" },
    "history.redo": { guard: "canRedo", actions: "stepForward" },
    "history.reset": { actions: "restart" },
  },
});
