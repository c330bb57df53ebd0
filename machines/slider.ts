import { assign, setup } from "xstate";

/** spec §4, §9: the cover slider's timing and thresholds. */
export const SLIDER_DEFAULTS = { intervalMs: 5000, swipePx: 100, dragPx: 10, gapPx: 4 } as const;

export interface SliderInput {
  /** Number of visible slides. */
  count: number;
  /** Auto-advance; off only when the app says so. */
  auto?: boolean;
  intervalMs?: number;
  /** The hint is shown once: pass false when it was already seen. */
  hint?: boolean;
}

export interface SliderContext {
  count: number;
  index: number;
  auto: boolean;
  intervalMs: number;
  /** Pointer x where the current drag started; null when not dragging. */
  dragStartX: number | null;
  /** Current drag offset, for the track to follow the finger. */
  dragDx: number;
  /** True once the current pointer gesture moved beyond the drag threshold: its click is not a link click. */
  dragged: boolean;
  hint: boolean;
}

export type SliderEvent =
  | { type: "slider.next" }
  | { type: "slider.prev" }
  | { type: "slider.goTo"; index: number }
  | { type: "slides.changed"; count: number }
  | { type: "drag.start"; x: number }
  | { type: "drag.move"; x: number }
  | { type: "drag.end"; x: number }
  | { type: "slide.click"; path?: string | null }
  | { type: "hint.hide" };

const wrap = (i: number, count: number) => (count ? (i + count) % count : 0);

/**
 * The cover slider (spec §4): auto-advances every 5000 ms unless auto-slide is off, loops, a swipe over
 * 100 px changes the slide, a slide's link opens only when its path starts with http and the gesture was
 * not a drag over 10 px, and the hint shows once until the first mouse-over. `openLink` is provided by the
 * view (window.open in the widget, a callback in the builder) so the machine stays UI-free.
 */
export const sliderMachine = setup({
  types: {
    context: {} as SliderContext,
    events: {} as SliderEvent,
    input: {} as SliderInput,
  },
  actions: {
    next: assign({ index: ({ context }) => wrap(context.index + 1, context.count) }),
    prev: assign({ index: ({ context }) => wrap(context.index - 1, context.count) }),
    goTo: assign({
      index: ({ context, event }) => (event.type === "slider.goTo" ? wrap(event.index, context.count) : 0),
    }),
    setCount: assign(({ context, event }) => {
      const count = event.type === "slides.changed" ? Math.max(0, event.count) : context.count;
      return { count, index: context.index < count ? context.index : 0 };
    }),
    startDrag: assign({
      dragStartX: ({ event }) => (event.type === "drag.start" ? event.x : null),
      dragDx: 0,
      dragged: false,
    }),
    moveDrag: assign(({ context, event }) => {
      const dx = event.type === "drag.move" && context.dragStartX !== null ? event.x - context.dragStartX : 0;
      return { dragDx: dx, dragged: context.dragged || Math.abs(dx) > SLIDER_DEFAULTS.dragPx };
    }),
    endDrag: assign(({ context, event }) => {
      const dx = event.type === "drag.end" && context.dragStartX !== null ? event.x - context.dragStartX : 0;
      return {
        dragStartX: null,
        dragDx: 0,
        dragged: context.dragged || Math.abs(dx) > SLIDER_DEFAULTS.dragPx,
      };
    }),
    hideHint: assign({ hint: false }),
    openLink: (_, _params: { path: string }) => {},
  },
  guards: {
    autoPlays: ({ context }) => context.auto && context.count > 1,
    swipedLeft: ({ context, event }) =>
      event.type === "drag.end" &&
      context.dragStartX !== null &&
      context.dragStartX - event.x > SLIDER_DEFAULTS.swipePx,
    swipedRight: ({ context, event }) =>
      event.type === "drag.end" &&
      context.dragStartX !== null &&
      event.x - context.dragStartX > SLIDER_DEFAULTS.swipePx,
    isLinkClick: ({ context, event }) =>
      event.type === "slide.click" && !context.dragged && /^http/i.test(event.path?.trim() ?? ""),
  },
  delays: {
    interval: ({ context }) => context.intervalMs,
  },
}).createMachine({
  id: "slider",
  context: ({ input }) => ({
    count: Math.max(0, input.count),
    index: 0,
    auto: input.auto ?? true,
    intervalMs: input.intervalMs ?? SLIDER_DEFAULTS.intervalMs,
    dragStartX: null,
    dragDx: 0,
    dragged: false,
    hint: input.hint ?? true,
  }),
  initial: "settling",
  on: {
    "hint.hide": { actions: "hideHint" },
    "slide.click": {
      guard: "isLinkClick",
      actions: {
        type: "openLink",
        params: ({ event }) => ({ path: event.type === "slide.click" ? (event.path?.trim() ?? "") : "" }),
      },
    },
    "slides.changed": { target: ".settling", actions: "setCount" },
    // A manual change restarts the countdown so the new slide gets its full interval.
    "slider.next": { target: ".settling", actions: "next" },
    "slider.prev": { target: ".settling", actions: "prev" },
    "slider.goTo": { target: ".settling", actions: "goTo" },
  },
  states: {
    /** Decides between playing and paused after any change. */
    settling: {
      always: [{ guard: "autoPlays", target: "playing" }, { target: "paused" }],
    },
    playing: {
      after: { interval: { target: "playing", reenter: true, actions: "next" } },
      on: { "drag.start": { target: "dragging", actions: "startDrag" } },
    },
    paused: {
      on: { "drag.start": { target: "dragging", actions: "startDrag" } },
    },
    /** The timer is off while the finger is down, so the slide never moves under it. */
    dragging: {
      on: {
        "drag.move": { actions: "moveDrag" },
        "drag.end": [
          { guard: "swipedLeft", target: "settling", actions: ["endDrag", "next"] },
          { guard: "swipedRight", target: "settling", actions: ["endDrag", "prev"] },
          { target: "settling", actions: "endDrag" },
        ],
      },
    },
  },
});

export type SliderMachine = typeof sliderMachine;
