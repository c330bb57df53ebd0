import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { COALESCE_MS, HISTORY_LIMIT, type HistoryEvent, historyMachine } from "./undo.ts";

const run = (events: HistoryEvent[]) => {
  const actor = createActor(historyMachine, { input: { value: "a" } }).start();
  for (const e of events) actor.send(e);
  const { past, present, future } = actor.getSnapshot().context;
  return { past, present, future };
};
const edit = (value: string, key?: string, at = 0): HistoryEvent => ({ type: "edit.apply", value, key, at });
const undo: HistoryEvent = { type: "history.undo" };
const redo: HistoryEvent = { type: "history.redo" };

describe("history machine", () => {
  it.each([
    ["an edit is a step", [edit("b")], { past: ["a"], present: "b", future: [] }],
    ["undo returns to the previous value", [edit("b"), undo], { past: [], present: "a", future: ["b"] }],
    ["redo re-applies", [edit("b"), undo, redo], { past: ["a"], present: "b", future: [] }],
    ["undo with nothing to undo is ignored", [undo], { past: [], present: "a", future: [] }],
    ["redo with nothing to redo is ignored", [edit("b"), redo], { past: ["a"], present: "b", future: [] }],
    [
      "a new edit drops the redo branch",
      [edit("b"), undo, edit("c")],
      { past: ["a"], present: "c", future: [] },
    ],
    [
      "typing into one field quickly is one step",
      [edit("ab", "name", 0), edit("abc", "name", COALESCE_MS - 1)],
      { past: ["a"], present: "abc", future: [] },
    ],
    [
      "a pause starts a new step",
      [edit("ab", "name", 0), edit("abc", "name", COALESCE_MS)],
      { past: ["a", "ab"], present: "abc", future: [] },
    ],
    [
      "another field starts a new step",
      [edit("ab", "name", 0), edit("abc", "slug", 1)],
      { past: ["a", "ab"], present: "abc", future: [] },
    ],
    [
      "an edit after undo never folds into the undone step",
      [edit("ab", "name", 0), undo, edit("ax", "name", 1)],
      { past: ["a"], present: "ax", future: [] },
    ],
    [
      "reset forgets everything",
      [edit("b"), { type: "history.reset", value: "z" }],
      { past: [], present: "z", future: [] },
    ],
  ] as const)("%s", (_name, events, expected) => {
    expect(run([...events])).toEqual(expected);
  });

  it(`keeps ${HISTORY_LIMIT} steps (at least 50) and undoes all of them`, () => {
    const events = Array.from({ length: HISTORY_LIMIT + 20 }, (_, i) => edit(String(i)));
    const actor = createActor(historyMachine, { input: { value: "start" } }).start();
    for (const e of events) actor.send(e);
    expect(actor.getSnapshot().context.past).toHaveLength(HISTORY_LIMIT);
    for (let i = 0; i < HISTORY_LIMIT; i++) actor.send(undo);
    expect(actor.getSnapshot().context.present).toBe("19");
    expect(HISTORY_LIMIT).toBeGreaterThanOrEqual(50);
  });
});
