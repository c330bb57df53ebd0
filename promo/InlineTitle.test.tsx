import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { InlineTitle } from "./InlineTitle.tsx";
import { promoTexts } from "./texts.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

function renderTitle(onCommit = vi.fn()) {
  act(() => root.render(<InlineTitle value="Old title" texts={promoTexts.en} onCommit={onCommit} />));
  return onCommit;
}

const input = () => host.querySelector("input") as HTMLInputElement;
const open = () => act(() => (host.querySelector("button") as HTMLButtonElement).click());
function type(text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  act(() => {
    setter?.call(input(), text);
    input().dispatchEvent(new Event("input", { bubbles: true }));
  });
}
const key = (k: string) =>
  act(() => {
    input().dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
  });

describe("inline title editor", () => {
  it("is display-only without an editor", () => {
    act(() => root.render(<InlineTitle value="Old title" texts={promoTexts.en} />));
    expect(host.querySelector("h2")?.textContent).toBe("Old title");
    expect(host.querySelector("button")).toBeNull();
  });

  it("Enter closes and keeps the change", () => {
    const onCommit = renderTitle();
    open();
    type("New title");
    key("Enter");
    expect(input()).toBeNull();
    expect(onCommit).toHaveBeenCalledExactlyOnceWith("New title");
    // Keyboard users continue from the Edit button.
    expect(document.activeElement?.textContent).toBe("Edit title");
  });

  it("Escape closes and throws the change away", () => {
    const onCommit = renderTitle();
    open();
    type("New title");
    key("Escape");
    expect(input()).toBeNull();
    expect(onCommit).not.toHaveBeenCalled();
  });

  it("leaving the field closes and keeps the change", () => {
    const onCommit = renderTitle();
    open();
    type("Blurred title");
    act(() => {
      input().dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
      input()?.dispatchEvent(new FocusEvent("blur"));
    });
    expect(input()).toBeNull();
    expect(onCommit).toHaveBeenCalledExactlyOnceWith("Blurred title");
  });

  it("does not save an unchanged title", () => {
    const onCommit = renderTitle();
    open();
    key("Enter");
    expect(onCommit).not.toHaveBeenCalled();
  });
});
