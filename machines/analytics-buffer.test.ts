import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import {
  ANALYTICS_BUFFER,
  type AnalyticsBufferEvent,
  analyticsBufferMachine,
  type BufferedEvent,
} from "./analytics-buffer.ts";

type Step = { track: number } | { wait: number } | AnalyticsBufferEvent;

interface Row {
  name: string;
  /** What storage holds at start (ids). */
  stored?: string[];
  storageFails?: boolean;
  /** Outcome of each send in order: true accepted, false failed; beyond the list every send succeeds. */
  outcomes?: boolean[];
  steps: Step[];
  /** Batches sent, as lists of ids. */
  sent: string[][];
  state: string;
  queue?: string[];
  retries?: number;
  /** What storage holds at the end. */
  saved?: string[];
}

const flush = () => new Promise((r) => setTimeout(r, 0));

async function run(row: Row) {
  const clock = new SimulatedClock();
  const sent: string[][] = [];
  let saved: string[] = row.stored ?? [];
  const outcomes = [...(row.outcomes ?? [])];
  let n = 0;
  const machine = analyticsBufferMachine.provide({
    actors: {
      load: fromPromise(async () => {
        if (row.storageFails) throw new Error("IndexedDB unavailable");
        return saved.map((id) => ({ id }));
      }),
      send: fromPromise<void, { batch: BufferedEvent[] }>(async ({ input }) => {
        sent.push(input.batch.map((e) => e.id));
        if (outcomes.length && !outcomes.shift()) throw new Error("500");
      }),
    },
    actions: {
      persist: (_, params) => (saved = (params as { queue: BufferedEvent[] }).queue.map((e) => e.id)),
    },
  });
  const actor = createActor(machine, { clock }).start();
  await flush();
  for (const step of row.steps) {
    if ("wait" in step) clock.increment(step.wait);
    else if ("track" in step)
      for (let i = 0; i < step.track; i++) actor.send({ type: "analytics.track", event: { id: `e${++n}` } });
    else actor.send(step);
    await flush();
    await flush();
  }
  const snap = actor.getSnapshot();
  actor.stop();
  return { snap, sent, saved };
}

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `e${from + i}`);

const table: Row[] = [
  { name: "waits for signals", steps: [], sent: [], state: "idle" },
  {
    name: "does not flush before 250 ms",
    steps: [{ track: 1 }, { wait: 249 }],
    sent: [],
    state: "scheduled",
    saved: ["e1"],
  },
  {
    name: "flushes 250 ms after queuing",
    steps: [{ track: 1 }, { wait: 250 }],
    sent: [["e1"]],
    state: "idle",
    saved: [],
  },
  {
    name: "signals queued before the flush go in the same batch",
    steps: [{ track: 1 }, { wait: 100 }, { track: 2 }, { wait: 150 }],
    sent: [["e1", "e2", "e3"]],
    state: "idle",
  },
  {
    name: "sends at most 50 per flush and plans the next",
    steps: [{ track: 120 }, { wait: 250 }],
    sent: [ids(1, 50)],
    state: "scheduled",
    queue: ids(51, 120),
    saved: ids(51, 120),
  },
  {
    name: "drains 120 signals in three flushes",
    steps: [{ track: 120 }, { wait: 250 }, { wait: 250 }, { wait: 250 }],
    sent: [ids(1, 50), ids(51, 100), ids(101, 120)],
    state: "idle",
    saved: [],
  },
  {
    name: "a failed batch returns to the front and the retries drop",
    outcomes: [false],
    steps: [{ track: 2 }, { wait: 250 }, { track: 1 }],
    sent: [["e1", "e2"]],
    state: "scheduled",
    queue: ["e1", "e2", "e3"],
    retries: 2,
    saved: ["e1", "e2", "e3"],
  },
  {
    name: "success after a failure resets the retries",
    outcomes: [false, true],
    steps: [{ track: 1 }, { wait: 250 }, { wait: 250 }],
    sent: [["e1"], ["e1"]],
    state: "idle",
    retries: ANALYTICS_BUFFER.retries,
    saved: [],
  },
  {
    name: "stops after the third failure, keeping the queue saved",
    outcomes: [false, false, false],
    steps: [{ track: 1 }, { wait: 250 }, { wait: 250 }, { wait: 250 }, { wait: 10_000 }],
    sent: [["e1"], ["e1"], ["e1"]],
    state: "exhausted",
    retries: 0,
    saved: ["e1"],
  },
  {
    name: "signals tracked after the retries ran out are kept, not sent",
    outcomes: [false, false, false],
    steps: [{ track: 1 }, { wait: 250 }, { wait: 250 }, { wait: 250 }, { track: 1 }, { wait: 1000 }],
    sent: [["e1"], ["e1"], ["e1"]],
    state: "exhausted",
    saved: ["e1", "e2"],
  },
  {
    name: "a retry after exhaustion flushes again with fresh retries",
    outcomes: [false, false, false],
    steps: [
      { track: 1 },
      { wait: 250 },
      { wait: 250 },
      { wait: 250 },
      { type: "analytics.retry" },
      { wait: 250 },
    ],
    sent: [["e1"], ["e1"], ["e1"], ["e1"]],
    state: "idle",
    retries: 3,
  },
  {
    name: "reloads the saved buffer at start and flushes it",
    stored: ["old1", "old2"],
    steps: [{ wait: 250 }],
    sent: [["old1", "old2"]],
    state: "idle",
  },
  {
    name: "the in-flight batch stays saved until it succeeds (a reload re-sends it)",
    stored: ["old1"],
    outcomes: [false],
    steps: [{ wait: 250 }],
    sent: [["old1"]],
    state: "scheduled",
    saved: ["old1"],
  },
  {
    name: "a storage failure at start leaves an empty buffer that still works",
    storageFails: true,
    steps: [{ track: 1 }, { wait: 250 }],
    sent: [["e1"]],
    state: "idle",
  },
];

describe("analytics buffer machine", () => {
  it.each(table)("$name", async (row) => {
    const { snap, sent, saved } = await run(row);
    expect(sent).toEqual(row.sent);
    expect(snap.value).toBe(row.state);
    if (row.queue) expect(snap.context.queue.map((e) => e.id)).toEqual(row.queue);
    if (row.retries !== undefined) expect(snap.context.retries).toBe(row.retries);
    if (row.saved) expect(saved).toEqual(row.saved);
  });

  it("a signal queued during a flush is saved together with the in-flight batch", async () => {
    const clock = new SimulatedClock();
    let saved: string[] = [];
    let release: () => void = () => {};
    const machine = analyticsBufferMachine.provide({
      actors: { send: fromPromise(() => new Promise<void>((r) => (release = r))) },
      actions: { persist: (_, p) => (saved = (p as { queue: BufferedEvent[] }).queue.map((e) => e.id)) },
    });
    const actor = createActor(machine, { clock }).start();
    await flush();
    actor.send({ type: "analytics.track", event: { id: "a" } });
    clock.increment(250);
    actor.send({ type: "analytics.track", event: { id: "b" } });
    expect(saved).toEqual(["a", "b"]);
    release();
    await flush();
    expect(saved).toEqual(["b"]);
    actor.stop();
  });

  it("the same event tracked twice is queued once", async () => {
    const actor = createActor(analyticsBufferMachine, { clock: new SimulatedClock() }).start();
    await flush();
    actor.send({ type: "analytics.track", event: { id: "x" } });
    actor.send({ type: "analytics.track", event: { id: "x" } });
    expect(actor.getSnapshot().context.queue).toEqual([{ id: "x" }]);
    actor.stop();
  });
});
