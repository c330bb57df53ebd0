import { describe, expect, it } from "vitest";
import { checkImageFile, MAX_IMAGE_BYTES, mutationsOf } from "./uploadImage.ts";

describe("image mutations", () => {
  it("always converts to PNG", () => expect(mutationsOf()).toBe("png"));
  it("adds the crop with the size it was drawn on", () =>
    expect(mutationsOf({ initial: { w: 300.4, h: 200 }, x: 10, y: 20.6, w: 100, h: 50 })).toBe(
      "png;initial:300,200;crop:10,21,100,50",
    ));
});

describe("checkImageFile: refused before anything is sent", () => {
  it("refuses an image over the server's limit, saying its size", () => {
    const big = new Blob([new Uint8Array(20 * 1024 * 1024)], { type: "image/png" });
    expect(checkImageFile(big)).toBe(
      "The image is larger than 10 MB (this one is 20.0 MB): choose a smaller image",
    );
    expect(checkImageFile(new Blob([new Uint8Array(MAX_IMAGE_BYTES)], { type: "image/png" }))).toBeNull();
  });
  it("refuses a file of a type the server does not convert", () => {
    expect(checkImageFile(new Blob(["%PDF-1.7"], { type: "application/pdf" }))).toBe(
      "This file is not an image the app can use: choose a PNG, JPEG, GIF, WebP, SVG or AVIF file",
    );
    expect(checkImageFile(new Blob(["x"], { type: "image/jpeg" }))).toBeNull();
  });
  it("uses the server's limit", async () => {
    const server = await import("../../../server/services/images.ts");
    expect(MAX_IMAGE_BYTES).toBe(server.MAX_IMAGE_BYTES);
  });
});
