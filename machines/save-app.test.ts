import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import {
  APP_CREATED,
  APP_UPDATED,
  type SavedApp,
  type SaveEvent,
  type SaveFailure,
  type SaveRequest,
  saveAppMachine,
} from "./save-app.ts";

const app = (version: number, definition: unknown = { name: "Mine" }): SavedApp => ({
  appId: "id-1",
  version,
  slug: "slug-1",
  definition,
});
const conflict = (current: SavedApp): SaveFailure => ({
  status: 409,
  message: "Version conflict",
  code: "VersionConflict",
  details: { current },
});

interface Row {
  name: string;
  input: { appId?: string; version?: number; slug?: string };
  /** Answers of the save call, in order. */
  answers: Array<SavedApp | { fail: SaveFailure }>;
  events: SaveEvent[];
  state: string;
  emitted: string[];
  requests?: Partial<SaveRequest>[];
}

const rows: Row[] = [
  {
    name: "a new app is created",
    input: {},
    answers: [app(1)],
    events: [{ type: "save.request", definition: { name: "Mine" } }],
    state: "idle",
    emitted: [`save.done:${APP_CREATED}`],
    requests: [{ appId: undefined, version: undefined }],
  },
  {
    name: "an existing app is updated with the version it was based on",
    input: { appId: "id-1", version: 3, slug: "slug-1" },
    answers: [app(4)],
    events: [{ type: "save.request", definition: { name: "Mine" } }],
    state: "idle",
    emitted: [`save.done:${APP_UPDATED}`],
    requests: [{ appId: "id-1", version: 3, slug: "slug-1" }],
  },
  {
    name: "after creating, the next save updates",
    input: {},
    answers: [app(1), app(2)],
    events: [
      { type: "save.request", definition: { name: "A" } },
      { type: "save.request", definition: { name: "B" } },
    ],
    state: "idle",
    emitted: [`save.done:${APP_CREATED}`, `save.done:${APP_UPDATED}`],
    requests: [{ appId: undefined }, { appId: "id-1", version: 1 }],
  },
  {
    name: "a failure ends loading with its message",
    input: { appId: "id-1", version: 1 },
    answers: [{ fail: { status: 0, message: "Connection timed out" } }],
    events: [{ type: "save.request", definition: {} }],
    state: "idle",
    emitted: ["save.failed:Connection timed out"],
  },
  {
    name: "a 409 waits for the user's choice",
    input: { appId: "id-1", version: 1 },
    answers: [{ fail: conflict(app(2, { name: "Theirs" })) }],
    events: [{ type: "save.request", definition: { name: "Mine" } }],
    state: "conflict",
    emitted: [],
  },
  {
    name: "keep mine saves again over their version",
    input: { appId: "id-1", version: 1 },
    answers: [{ fail: conflict(app(2, { name: "Theirs" })) }, app(3)],
    events: [
      { type: "save.request", definition: { name: "Mine" } },
      { type: "conflict.keepMine", definition: { name: "Mine" } },
    ],
    state: "idle",
    emitted: [`save.done:${APP_UPDATED}`],
    requests: [{ version: 1 }, { version: 2, definition: { name: "Mine" } }],
  },
  {
    name: "reload theirs hands their app to the UI and saves nothing",
    input: { appId: "id-1", version: 1 },
    answers: [{ fail: conflict(app(2, { name: "Theirs" })) }],
    events: [{ type: "save.request", definition: { name: "Mine" } }, { type: "conflict.reloadTheirs" }],
    state: "idle",
    emitted: ["conflict.reloaded:Theirs"],
    requests: [{ version: 1 }],
  },
  {
    name: "a save request while saving is ignored (one save at a time)",
    input: { appId: "id-1", version: 1 },
    answers: [app(2)],
    events: [
      { type: "save.request", definition: { name: "A" } },
      { type: "save.request", definition: { name: "B" } },
    ],
    state: "idle",
    emitted: [`save.done:${APP_UPDATED}`],
    requests: [{ definition: { name: "A" } }],
  },
];

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("save app machine", () => {
  it.each(rows)("$name", async (row) => {
    const answers = [...row.answers];
    const requests: SaveRequest[] = [];
    const machine = saveAppMachine.provide({
      actors: {
        save: fromPromise(async ({ input }: { input: SaveRequest }) => {
          requests.push(input);
          const next = answers.shift()!;
          if ("fail" in next) throw next.fail;
          return next;
        }),
      },
    });
    const actor = createActor(machine, { input: row.input });
    const emitted: string[] = [];
    actor.on("save.done", (e) => emitted.push(`save.done:${e.message}`));
    actor.on("save.failed", (e) => emitted.push(`save.failed:${e.message}`));
    actor.on("conflict.reloaded", (e) =>
      emitted.push(`conflict.reloaded:${(e.app.definition as { name: string }).name}`),
    );
    actor.start();
    for (const e of row.events) {
      actor.send(e);
      if (row.name.includes("while saving")) continue;
      await settle();
    }
    await settle();
    expect(actor.getSnapshot().value).toBe(row.state);
    expect(emitted).toEqual(row.emitted);
    if (row.requests) {
      expect(requests).toHaveLength(row.requests.length);
      for (const [i, r] of row.requests.entries()) expect(requests[i]).toMatchObject(r);
    }
  });
});
