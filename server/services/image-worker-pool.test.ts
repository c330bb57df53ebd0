import diagnostics_channel from "node:diagnostics_channel";
import { afterAll, describe, expect, it } from "vitest";
import { testApp } from "../test-helpers.ts";
import { IMAGE_POOL_CHANNEL, type ImagePoolEvent } from "./image-worker-pool.ts";

describe("image worker pool", () => {
  const events: ImagePoolEvent[] = [];
  const listen = (e: unknown) => events.push(e as ImagePoolEvent);
  diagnostics_channel.subscribe(IMAGE_POOL_CHANNEL, listen);
  afterAll(() => diagnostics_channel.unsubscribe(IMAGE_POOL_CHANNEL, listen));

  it("a listening server starts its workers before the first upload; inject-only apps start none", async () => {
    const injected = await testApp({ config: { images: { workers: 2 } } });
    await injected.ready();
    expect(events.filter((e) => e.event === "spawned")).toHaveLength(0);
    await injected.close();

    const listening = await testApp({ config: { images: { workers: 2 } } });
    await listening.listen({ port: 0, host: "127.0.0.1" });
    try {
      expect(events.filter((e) => e.event === "spawned")).toHaveLength(2);
    } finally {
      await listening.close();
    }
  });
});
