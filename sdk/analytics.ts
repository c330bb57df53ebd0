import { type Actor, createActor, fromPromise } from "xstate";
import { analyticsBufferMachine, type BufferedEvent } from "../machines/analytics-buffer.ts";
import type { AnalyticsSignal } from "../schemas/index.ts";
import { mirrorToTags } from "./analytics-tag.ts";
import type { WidgetClient } from "./client.ts";
import { idbDelMany, idbGet, idbSet, idbSetMany, idbValuesUnder } from "./idb.ts";
import { uuid } from "./ids.ts";

export type SignalData = NonNullable<AnalyticsSignal["data"]>;
export type FailureReason = NonNullable<SignalData["failureReason"]>;
type Signal = AnalyticsSignal;

export interface Analytics {
  /** Queues a signal; it reaches the server exactly once, whatever the network or reloads do. `time` is when
   * it happened, if before now (a signal made before the runtime arrived). */
  track(name: string, data?: SignalData, time?: Date): void;
  /** A signal saying what failed and why (spec §8: unsupported_feature, http_error, storage_error). */
  fail(reason: FailureReason, data?: SignalData): void;
  release(): void;
}

interface Shared {
  actor: Actor<typeof analyticsBufferMachine>;
  stop: () => void;
  track: (name: string, data?: SignalData, time?: Date) => void;
  users: number;
}

// One buffer per app per page: two elements of the same app share it rather than overwrite each other's
// saved queue; it stops when the last of them is removed (its timers go with it).
const buffers = new Map<string, Shared>();

/**
 * Each waiting signal is saved as its own record, and a record is deleted only after the server stored that
 * signal. So two tabs of one app never overwrite each other's saved queue: a page that starts adopts every
 * saved record (a tab closed with signals still waiting included), and a signal both tabs send is stored
 * once, since the server deduplicates on its id.
 */
const EVENT_KEY = "analytics:";
const INSTALL_KEY = "installed";

/**
 * The analytics of one app: the buffer machine with IndexedDB behind `load`/`persist` and the API behind
 * `send`; the install signal once per app; events mirrored to the app's G- tags when configured.
 */
export function analyticsFor(
  appId: string,
  client: WidgetClient,
  opts: { userId: () => string | undefined; tags?: () => string[] },
): Analytics {
  const shared = buffers.get(appId) ?? startBuffer(appId, client, opts);
  shared.users++;
  let released = false;
  return {
    track: (name, data, time) => shared.track(name, data, time),
    fail: (reason, data) => shared.track("failure", { ...data, failureReason: reason }),
    release() {
      if (released) return;
      released = true;
      if (--shared.users > 0) return;
      shared.stop();
      buffers.delete(appId);
    },
  };
}

function startBuffer(
  appId: string,
  client: WidgetClient,
  opts: { userId: () => string | undefined; tags?: () => string[] },
): Shared {
  let storageFailed = false;
  const signal = (name: string, data?: SignalData, time = new Date()): Signal => {
    const userId = opts.userId();
    return {
      id: uuid(),
      time: time.toISOString(),
      appId,
      platform: "Web",
      name,
      ...(userId ? { userId } : {}),
      ...(data && Object.keys(data).length ? { data } : {}),
    };
  };
  // The records this page knows to be saved, so each save writes only what is new and deletes what was sent.
  const saved = new Set<string>();
  const save = (queue: Signal[]) => {
    const waiting = new Set(queue.map((e) => e.id));
    const added = queue.filter((e) => !saved.has(e.id));
    const sent = [...saved].filter((id) => !waiting.has(id));
    for (const e of added) saved.add(e.id);
    for (const id of sent) saved.delete(id);
    // Started at once, not after earlier writes finish: a signal queued just before the page goes away must
    // already be on its way to disk. Order still holds, since IndexedDB runs read-write transactions on one
    // store in the order they were created (a record's delete comes after its write).
    if (added.length)
      idbSetMany(
        appId,
        added.map((e) => [EVENT_KEY + e.id, e]),
      ).catch(storageError);
    if (sent.length)
      idbDelMany(
        appId,
        sent.map((id) => EVENT_KEY + id),
      ).catch(storageError);
  };
  const machine = analyticsBufferMachine.provide({
    actors: {
      load: fromPromise<BufferedEvent[]>(async () => {
        const records = await idbValuesUnder<Signal>(appId, EVENT_KEY);
        for (const e of records) saved.add(e.id);
        return records.sort((a, b) => a.time.localeCompare(b.time));
      }),
      send: fromPromise<void, { batch: BufferedEvent[] }>(async ({ input }) => {
        await client.postEvents(input.batch);
      }),
    },
    actions: {
      persist: (_, params) => save((params as { queue: Signal[] }).queue),
    },
  });
  const actor = createActor(machine);
  const track = (name: string, data?: SignalData, time?: Date) => {
    actor.send({ type: "analytics.track", event: signal(name, data, time) });
    mirrorToTags(opts.tags?.() ?? [], name, data);
  };
  // Said once per page, or every save would add another signal; the buffer carries on in memory.
  function storageError() {
    if (storageFailed) return;
    storageFailed = true;
    track("failure", { failureReason: "storage_error" });
  }
  // Retries that ran out offline start again when the browser is back online.
  const online = () => actor.send({ type: "analytics.retry" });
  const stop = () => {
    window.removeEventListener("online", online);
    actor.stop();
  };
  const shared: Shared = { actor, stop, track, users: 0 };
  buffers.set(appId, shared);
  actor.start();
  window.addEventListener("online", online);
  // The install signal goes once per app: the flag is set only after the signal is queued (and saved).
  idbGet<boolean>(appId, INSTALL_KEY).then((sent) => {
    if (sent) return;
    track("install");
    return idbSet(appId, INSTALL_KEY, true);
  }, storageError);
  return shared;
}
