import { describe, expect, it } from "vitest";
import { EMBED_CONTAINER_SELECTOR, embedSnippet } from "./embed.ts";

describe("embedSnippet", () => {
  it("names the container with the app id and loads the script asynchronously", () => {
    expect(embedSnippet("https://example.com", "abc")).toBe(
      '<div id="brand-app" data-app-id="abc"></div>\n<script async src="https://example.com/sdk/embed.js"></script>',
    );
  });
  it("escapes what could break out of the attribute", () => {
    expect(embedSnippet("https://x", '"><script>')).toContain('data-app-id="&quot;&gt;&lt;script&gt;"');
  });
  it("matches the container the snippet writes", () => {
    document.body.innerHTML = embedSnippet("https://x", "id1");
    expect(document.querySelectorAll(EMBED_CONTAINER_SELECTOR)).toHaveLength(1);
  });
});
