import { describe, expect, it } from "vitest";
import { counted } from "./counted.ts";

describe("counted", () => {
  it("names one in the singular and every other count in the plural, with thousands separators", () => {
    expect(counted(1, "vehicle", "vehicles")).toBe("1 vehicle");
    expect(counted(0, "vehicle", "vehicles")).toBe("0 vehicles");
    expect(counted(2, "staff member", "staff members")).toBe("2 staff members");
    expect(counted(1250, "customer", "customers")).toBe("1,250 customers");
  });
});
