import { afterEach, describe, expect, it } from "vitest";
import { setApiHooks } from "./api.ts";
import { COPIED, COPY_FAILED, copyText } from "./clipboard.ts";

describe("copyText", () => {
  const notices: string[] = [];
  setApiHooks({ notify: (level, text) => notices.push(`${level}:${text}`) });
  afterEach(() => {
    notices.length = 0;
  });
  it("says it copied", async () => {
    expect(await copyText("x", async () => {})).toBe(true);
    expect(notices).toEqual([`success:${COPIED}`]);
  });
  it("uses the spec's text when the browser refuses", async () => {
    expect(
      await copyText("x", async () => {
        throw new Error("denied");
      }),
    ).toBe(false);
    expect(notices).toEqual([`danger:${COPY_FAILED}`]);
  });
});
