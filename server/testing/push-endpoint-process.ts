import { startPushEndpoint } from "./push-endpoint.ts";

/**
 * The local push service in a process of its own (benches: so its TLS and counting do not share the
 * sender's event loop). Forked with IPC: sends {origin, caFile} once listening, answers "stats" with
 * {posts} (POSTs received) and closes on "close". It counts without decrypting.
 */
const endpoint = await startPushEndpoint({ decrypt: false, acceptUnknown: true });
process.send?.({ origin: endpoint.origin, caFile: endpoint.caFile });
process.on("message", async (message) => {
  if (message === "stats") {
    let posts = 0;
    for (const n of endpoint.posts.values()) posts += n;
    process.send?.({ posts });
  } else if (message === "close") {
    await endpoint.close();
    process.exit(0);
  }
});
