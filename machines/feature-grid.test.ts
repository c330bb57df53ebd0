import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { type FeatureGridEvent, featureGridMachine } from "./feature-grid.ts";

const run = (events: FeatureGridEvent[]) => {
  const actor = createActor(featureGridMachine);
  const emitted: string[] = [];
  actor.on("*", (e) =>
    emitted.push(e.type === "feature.removed" ? `removed:${e.id}` : `order:${e.order.join(",")}`),
  );
  actor.start();
  for (const e of events) actor.send(e);
  const snap = actor.getSnapshot();
  return { state: JSON.stringify(snap.value), overflow: snap.context.overflowOpen, emitted };
};

describe("feature grid machine", () => {
  it.each([
    ["starts viewing", [], '"viewing"', []],
    ["a drag enters editing", [{ type: "grid.dragStart" }], '{"editing":"idle"}', []],
    [
      "a drop reports the order",
      [{ type: "grid.dragStart" }, { type: "grid.moved", order: ["b", "a"] }],
      '{"editing":"idle"}',
      ["order:b,a"],
    ],
    [
      "a click outside leaves editing",
      [{ type: "grid.dragStart" }, { type: "grid.clickOutside" }],
      '"viewing"',
      [],
    ],
    [
      "a click on a remove button does not leave",
      [{ type: "grid.dragStart" }, { type: "grid.clickOutside", onRemoveButton: true }],
      '{"editing":"idle"}',
      [],
    ],
    [
      "remove asks first",
      [{ type: "grid.dragStart" }, { type: "feature.removeRequest", id: "a" }],
      '{"editing":"confirming"}',
      [],
    ],
    [
      "confirming removes",
      [{ type: "grid.dragStart" }, { type: "feature.removeRequest", id: "a" }, { type: "removal.confirm" }],
      '{"editing":"idle"}',
      ["removed:a"],
    ],
    [
      "cancelling keeps the feature",
      [{ type: "grid.dragStart" }, { type: "feature.removeRequest", id: "a" }, { type: "removal.cancel" }],
      '{"editing":"idle"}',
      [],
    ],
    [
      "remove buttons exist only while editing",
      [{ type: "feature.removeRequest", id: "a" }],
      '"viewing"',
      [],
    ],
    [
      "a click outside while the question is open does not leave",
      [{ type: "grid.dragStart" }, { type: "feature.removeRequest", id: "a" }, { type: "grid.clickOutside" }],
      '{"editing":"confirming"}',
      [],
    ],
  ] as const)("%s", (_name, events, state, emitted) => {
    const r = run([...events] as FeatureGridEvent[]);
    expect(r.state).toBe(state);
    expect(r.emitted).toEqual(emitted);
  });

  it.each([
    [[], false],
    [[{ type: "more.toggle" }], true],
    [[{ type: "more.toggle" }, { type: "more.toggle" }], false],
    [[{ type: "grid.dragStart" }, { type: "more.toggle" }], true],
  ] as const)("'More' toggles the overflow (%#)", (events, open) => {
    expect(run([...events] as FeatureGridEvent[]).overflow).toBe(open);
  });
});
