import { assign, emit, setup } from "xstate";

/** spec §4: the confirmation asked before a feature is removed. */
export const REMOVE_FEATURE_QUESTION = "Remove feature?";

export interface FeatureGridContext {
  /** The feature waiting for the 'Remove feature?' answer. */
  pendingRemoval: string | null;
  /** 'More' toggles the overflow panel (SingleRow and Tiles layouts). */
  overflowOpen: boolean;
}

export type FeatureGridEvent =
  | { type: "grid.dragStart" }
  | { type: "grid.moved"; order: string[] }
  /** A click outside the grid; `onRemoveButton` when it landed on a remove button (which keeps editing). */
  | { type: "grid.clickOutside"; onRemoveButton?: boolean }
  | { type: "feature.removeRequest"; id: string }
  | { type: "removal.confirm" }
  | { type: "removal.cancel" }
  | { type: "more.toggle" };

export type FeatureGridEmitted =
  | { type: "features.reordered"; order: string[] }
  | { type: "feature.removed"; id: string };

/**
 * The feature grid (spec §4): dragging enters editing mode (jiggling icons with remove buttons); a click
 * outside leaves it unless it was on a remove button; removing asks first.
 */
export const featureGridMachine = setup({
  types: {
    context: {} as FeatureGridContext,
    events: {} as FeatureGridEvent,
    emitted: {} as FeatureGridEmitted,
  },
  guards: {
    notOnRemoveButton: ({ event }) => event.type === "grid.clickOutside" && !event.onRemoveButton,
  },
  actions: {
    toggleOverflow: assign(({ context }) => ({ overflowOpen: !context.overflowOpen })),
    reportOrder: emit(({ event }) => ({
      type: "features.reordered" as const,
      order: event.type === "grid.moved" ? event.order : [],
    })),
  },
}).createMachine({
  id: "featureGrid",
  context: { pendingRemoval: null, overflowOpen: false },
  initial: "viewing",
  on: { "more.toggle": { actions: "toggleOverflow" } },
  states: {
    viewing: {
      on: {
        "grid.dragStart": "editing",
        // A drop always follows a drag start, but gridstack may report it after the mode changed.
        "grid.moved": { target: "editing", actions: "reportOrder" },
      },
    },
    editing: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "feature.removeRequest": {
              target: "confirming",
              actions: assign({ pendingRemoval: ({ event }) => event.id }),
            },
            "grid.clickOutside": { guard: "notOnRemoveButton", target: "#featureGrid.viewing" },
          },
        },
        confirming: {
          on: {
            "removal.confirm": {
              target: "idle",
              actions: [
                emit(({ context }) => ({ type: "feature.removed" as const, id: context.pendingRemoval! })),
                assign({ pendingRemoval: null }),
              ],
            },
            "removal.cancel": { target: "idle", actions: assign({ pendingRemoval: null }) },
          },
        },
      },
      on: {
        "grid.moved": { actions: "reportOrder" },
        "grid.dragStart": {},
      },
    },
  },
});
