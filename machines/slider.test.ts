import { describe, expect, it } from "vitest";
import { createActor, SimulatedClock } from "xstate";
import { type SliderEvent, type SliderInput, sliderMachine } from "./slider.ts";

type Step = SliderEvent | { wait: number };

interface Row {
  name: string;
  input: SliderInput;
  steps: Step[];
  index: number;
  state?: string;
  opened?: string[];
  hint?: boolean;
}

/** Runs one row: events are sent, `wait` advances the simulated clock. */
function run(row: Row) {
  const clock = new SimulatedClock();
  const opened: string[] = [];
  const machine = sliderMachine.provide({
    actions: { openLink: (_, params) => opened.push((params as { path: string }).path) },
  });
  const actor = createActor(machine, { input: row.input, clock }).start();
  for (const step of row.steps) {
    if ("wait" in step) clock.increment(step.wait);
    else actor.send(step);
  }
  const snap = actor.getSnapshot();
  actor.stop();
  return { snap, opened };
}

const table: Row[] = [
  { name: "starts on the first slide", input: { count: 3 }, steps: [], index: 0, state: "playing" },
  { name: "does not advance before 5000 ms", input: { count: 3 }, steps: [{ wait: 4999 }], index: 0 },
  { name: "advances at 5000 ms", input: { count: 3 }, steps: [{ wait: 5000 }], index: 1 },
  { name: "keeps advancing", input: { count: 3 }, steps: [{ wait: 5000 }, { wait: 5000 }], index: 2 },
  {
    name: "loops from the last to the first",
    input: { count: 3 },
    steps: [{ wait: 5000 }, { wait: 5000 }, { wait: 5000 }],
    index: 0,
  },
  {
    name: "honours a custom interval",
    input: { count: 2, intervalMs: 1000 },
    steps: [{ wait: 1000 }],
    index: 1,
  },
  {
    name: "auto-slide off never advances",
    input: { count: 3, auto: false },
    steps: [{ wait: 60000 }],
    index: 0,
    state: "paused",
  },
  {
    name: "one slide never advances",
    input: { count: 1 },
    steps: [{ wait: 60000 }],
    index: 0,
    state: "paused",
  },
  {
    name: "a manual next restarts the countdown",
    input: { count: 3 },
    steps: [{ wait: 4000 }, { type: "slider.next" }, { wait: 4000 }],
    index: 1,
  },
  { name: "prev loops backwards", input: { count: 3 }, steps: [{ type: "slider.prev" }], index: 2 },
  { name: "goTo wraps", input: { count: 3 }, steps: [{ type: "slider.goTo", index: 4 }], index: 1 },
  {
    name: "swipe left over 100 px goes to the next slide",
    input: { count: 3 },
    steps: [
      { type: "drag.start", x: 300 },
      { type: "drag.move", x: 150 },
      { type: "drag.end", x: 199 },
    ],
    index: 1,
  },
  {
    name: "swipe right over 100 px goes to the previous slide (looping)",
    input: { count: 3 },
    steps: [
      { type: "drag.start", x: 100 },
      { type: "drag.end", x: 201 },
    ],
    index: 2,
  },
  {
    name: "a drag of exactly 100 px does not change the slide",
    input: { count: 3 },
    steps: [
      { type: "drag.start", x: 300 },
      { type: "drag.end", x: 200 },
    ],
    index: 0,
  },
  {
    name: "the timer is held while dragging",
    input: { count: 3 },
    steps: [{ type: "drag.start", x: 0 }, { wait: 20000 }],
    index: 0,
    state: "dragging",
  },
  {
    name: "a click on an http slide opens its link",
    input: { count: 2 },
    steps: [
      { type: "drag.start", x: 10 },
      { type: "drag.end", x: 12 },
      { type: "slide.click", path: "https://dealer.example/offer" },
    ],
    index: 0,
    opened: ["https://dealer.example/offer"],
  },
  {
    name: "a click after a drag over 10 px does not open the link",
    input: { count: 2 },
    steps: [
      { type: "drag.start", x: 10 },
      { type: "drag.move", x: 21 },
      { type: "drag.end", x: 12 },
      { type: "slide.click", path: "https://dealer.example/offer" },
    ],
    index: 0,
    opened: [],
  },
  {
    name: "a drag of exactly 10 px still opens the link",
    input: { count: 2 },
    steps: [
      { type: "drag.start", x: 10 },
      { type: "drag.end", x: 20 },
      { type: "slide.click", path: "http://dealer.example" },
    ],
    index: 0,
    opened: ["http://dealer.example"],
  },
  {
    name: "a path not starting with http never opens",
    input: { count: 2 },
    steps: [
      { type: "slide.click", path: "/specials" },
      { type: "slide.click", path: "javascript:alert(1)" },
      { type: "slide.click", path: "" },
    ],
    index: 0,
    opened: [],
  },
  {
    name: "the next gesture starts clean after a drag",
    input: { count: 2 },
    steps: [
      { type: "drag.start", x: 0 },
      { type: "drag.move", x: 50 },
      { type: "drag.end", x: 50 },
      { type: "drag.start", x: 0 },
      { type: "drag.end", x: 0 },
      { type: "slide.click", path: "https://a.example" },
    ],
    index: 0,
    opened: ["https://a.example"],
  },
  { name: "the hint shows at first", input: { count: 2 }, steps: [], index: 0, hint: true },
  {
    name: "the hint hides after the first mouse-over and stays hidden",
    input: { count: 2 },
    steps: [{ type: "hint.hide" }, { wait: 5000 }],
    index: 1,
    hint: false,
  },
  {
    name: "a seen hint is not shown again",
    input: { count: 2, hint: false },
    steps: [],
    index: 0,
    hint: false,
  },
  {
    name: "fewer slides keep the index in range",
    input: { count: 3 },
    steps: [
      { type: "slider.goTo", index: 2 },
      { type: "slides.changed", count: 2 },
    ],
    index: 0,
  },
  {
    name: "going down to one slide stops the timer",
    input: { count: 3 },
    steps: [{ type: "slides.changed", count: 1 }, { wait: 10000 }],
    index: 0,
    state: "paused",
  },
  {
    name: "going up to two slides starts it",
    input: { count: 1 },
    steps: [{ type: "slides.changed", count: 2 }, { wait: 5000 }],
    index: 1,
    state: "playing",
  },
];

describe("slider machine (spec §4)", () => {
  it.each(table)("$name", (row) => {
    const { snap, opened } = run(row);
    expect(snap.context.index).toBe(row.index);
    if (row.state) expect(snap.value).toBe(row.state);
    if (row.opened) expect(opened).toEqual(row.opened);
    if (row.hint !== undefined) expect(snap.context.hint).toBe(row.hint);
  });
});
