import { afterEach, describe, expect, it } from "vitest";
import { readDealerships, writeDealership } from "./storage.ts";

afterEach(() => localStorage.clear());

describe("remembered dealerships", () => {
  it("are kept per app and per selector", () => {
    expect(readDealerships("a1")).toEqual({});
    writeDealership("a1", "f1", "North");
    expect(writeDealership("a1", "f2", "South")).toEqual({ f1: "North", f2: "South" });
    writeDealership("a1", "f1", "East");
    expect(readDealerships("a1")).toEqual({ f1: "East", f2: "South" });
    expect(readDealerships("a2")).toEqual({});
    expect(localStorage.getItem("brand-app:a1:dealerships")).toBe('{"f1":"East","f2":"South"}');
  });

  it("ignore what is not a name map", () => {
    localStorage.setItem("brand-app:a1:dealerships", "[1,2]");
    expect(readDealerships("a1")).toEqual({});
    localStorage.setItem("brand-app:a1:dealerships", '{"f1":3,"f2":"South"}');
    expect(readDealerships("a1")).toEqual({ f2: "South" });
    localStorage.setItem("brand-app:a1:dealerships", "{nope");
    expect(readDealerships("a1")).toEqual({});
  });
});
