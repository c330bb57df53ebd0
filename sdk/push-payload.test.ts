import { describe, expect, it } from "vitest";
import {
  isWebLink,
  OPEN_PARAM,
  openedFromUrl,
  pageOpening,
  parsePayload,
  pickClient,
} from "./push-payload.ts";

describe("push payload", () => {
  it("reads the sender's JSON: title, message, path, notificationId and tag", () => {
    const data = JSON.stringify({
      title: "Sunrise Motors",
      message: "Oil change 20% off",
      path: "coupon:abc",
      notificationId: "5b0c",
      tag: "d1",
    });
    expect(parsePayload(data)).toEqual({
      title: "Sunrise Motors",
      message: "Oil change 20% off",
      path: "coupon:abc",
      notificationId: "5b0c",
      tag: "d1",
    });
  });

  it("shows plain text as the message, and leaves out fields of the wrong type", () => {
    expect(parsePayload("Hello")).toEqual({ title: "Notification", message: "Hello" });
    expect(parsePayload(JSON.stringify({ message: { x: 1 }, path: 3, title: "" }))).toEqual({
      title: "Notification",
      message: "",
    });
    expect(parsePayload(null, "App")).toEqual({ title: "App", message: "" });
    expect(parsePayload("42")).toEqual({ title: "Notification", message: "42" });
  });

  it("tells web links from app paths", () => {
    expect(isWebLink("https://dealer.example/x")).toBe(true);
    expect(isWebLink("HTTP://dealer.example")).toBe(true);
    expect(isWebLink("coupon:abc")).toBe(false);
    expect(isWebLink("javascript:alert(1)")).toBe(false);
    expect(isWebLink(undefined)).toBe(false);
  });
});

describe("which page a click opens", () => {
  const page = "https://dealer.example/specials?x=1";
  it("prefers the page the widget subscribed from, then a focused page of its origin, then any", () => {
    const other = { url: "https://dealer.example/about", focused: false };
    const focused = { url: "https://dealer.example/contact", focused: true };
    const same = { url: "https://dealer.example/specials?x=1&ba-notification=old", focused: false };
    const foreign = { url: "https://elsewhere.example/", focused: true };
    expect(pickClient([other, focused, same, foreign], page)).toBe(same);
    expect(pickClient([other, focused, foreign], page)).toBe(focused);
    expect(pickClient([other, foreign], page)).toBe(other);
    expect(pickClient([foreign], page)).toBeUndefined();
  });

  it("a page opened for an entry names it in its address, and the widget takes it out again", () => {
    const opened = pageOpening(page, "n-1");
    expect(opened).toBe(`https://dealer.example/specials?x=1&${OPEN_PARAM}=n-1`);
    expect(openedFromUrl(opened)).toEqual({ notificationId: "n-1", cleaned: page });
    expect(openedFromUrl(page)).toBeNull();
    expect(pageOpening(opened, "n-2")).toBe(`https://dealer.example/specials?x=1&${OPEN_PARAM}=n-2`);
  });
});
