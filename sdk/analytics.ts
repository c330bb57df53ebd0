import { type Actor, createActor, fromPromise } from "xstate";
import { analyticsBufferMachine, type BufferedEvent } from "../machines/analytics-buffer.ts";
import type { AnalyticsSignal } from "../schemas/index.ts";
import { mirrorToTags } from "./analytics-tag.ts";
import type { WidgetClient } from "./client.ts";
import { uuid } from "./ids.ts";
import { idbGet, idbSet } from "./storage.ts";

export type SignalData = NonNullable<AnalyticsSignal["data"]>;
export type FailureReason = NonNullable<SignalData["failureReason"]>;
type Signal = AnalyticsSignal;

export interface Analytics {
  /** Queues a signal; it reaches the server exactly once, whatever the network or reloads do. */
  track(name: string, data?: SignalData): void;
  /** A signal saying what failed and why (spec §8: unsupported_feature, http_error, storage_error). */
  fail(reason: FailureReason, data?: SignalData): void;
  release(): void;
}

interface Shared {
  actor: Actor<typeof analyticsBufferMachine>;
  stop: () => void;
  track: (name: string, data?: SignalData) => void;
  users: number;
}

// One buffer per app per page: two elements of the same app share it rather than overwrite each other's
// saved queue; it stops when the last of them is removed (its timers go with it).
const buffers = new Map<string, Shared>();

const QUEUE_KEY = "analytics";
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
    track: (name, data) => shared.track(name, data),
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
  const signal = (name: string, data?: SignalData): Signal => {
    const userId = opts.userId();
    return {
      id: uuid(),
      time: new Date().toISOString(),
      appId,
      platform: "Web",
      name,
      ...(userId ? { userId } : {}),
      ...(data && Object.keys(data).length ? { data } : {}),
    };
  };
  const machine = analyticsBufferMachine.provide({
    actors: {
      load: fromPromise<BufferedEvent[]>(async () => (await idbGet<Signal[]>(appId, QUEUE_KEY)) ?? []),
      send: fromPromise<void, { batch: BufferedEvent[] }>(async ({ input }) => {
        await client.postEvents(input.batch);
      }),
    },
    actions: {
      persist: (_, params) => {
        idbSet(appId, QUEUE_KEY, (params as { queue: Signal[] }).queue).catch(storageError);
      },
    },
  });
  const actor = createActor(machine);
  const track = (name: string, data?: SignalData) => {
    actor.send({ type: "analytics.track", event: signal(name, data) });
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
  idbGet(appId, QUEUE_KEY).catch(storageError);
  // The install signal goes once per app: the flag is set only after the signal is queued (and saved).
  idbGet<boolean>(appId, INSTALL_KEY).then((sent) => {
    if (sent) return;
    track("install");
    return idbSet(appId, INSTALL_KEY, true);
  }, storageError);
  return shared;
}
