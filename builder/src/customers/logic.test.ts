import { describe, expect, it } from "vitest";
import {
  cleanVehicle,
  customerQueryString,
  hasFilters,
  parseCustomerQuery,
  pushForSearch,
  pushForUser,
  searchBody,
  vehicleTitle,
  withVehicle,
} from "./logic.ts";

const parse = (qs: string) => parseCustomerQuery(new URLSearchParams(qs));

describe("customer table state in the URL", () => {
  it("reads defaults from an empty query", () => {
    expect(parse("")).toEqual({
      term: "",
      make: "",
      model: "",
      yearFrom: undefined,
      yearTo: undefined,
      hasPush: undefined,
      page: 1,
      pageSize: 50,
      sort: undefined,
    });
    expect(customerQueryString(parse(""))).toBe("");
  });

  it("round-trips every field", () => {
    const qs =
      "term=555+12&make=Ford&model=F-150&yearFrom=2015&yearTo=2020&push=yes&sort=signedInAt%3Adesc&page=3&size=100";
    const q = parse(qs);
    expect(q).toEqual({
      term: "555 12",
      make: "Ford",
      model: "F-150",
      yearFrom: 2015,
      yearTo: 2020,
      hasPush: true,
      page: 3,
      pageSize: 100,
      sort: { field: "signedInAt", order: "descend" },
    });
    expect(parse(customerQueryString(q))).toEqual(q);
    expect(parse("push=no").hasPush).toBe(false);
  });

  it("drops malformed values instead of sending them", () => {
    const q = parse("yearFrom=abc&yearTo=3000&page=-2&size=33&sort=password:asc&push=maybe");
    expect(q.yearFrom).toBeUndefined();
    expect(q.yearTo).toBeUndefined();
    expect(q.page).toBe(1);
    expect(q.pageSize).toBe(50);
    expect(q.sort).toBeUndefined();
    expect(q.hasPush).toBeUndefined();
  });
});

describe("search body", () => {
  it("sends only what is set, pages as skip/take and a descending sort with '-'", () => {
    expect(searchBody(parse(""))).toEqual({ skip: 0, take: 50 });
    expect(searchBody(parse("term=%20smith%20&page=2&size=25&sort=name:desc&push=no"))).toEqual({
      term: "smith",
      hasPush: false,
      skip: 25,
      take: 25,
      sort: "-name",
    });
    expect(searchBody(parse("sort=year:asc")).sort).toBe("year");
  });

  it("puts a reversed year range in order", () => {
    const body = searchBody(parse("yearFrom=2022&yearTo=2010"));
    expect([body.yearFrom, body.yearTo]).toEqual([2010, 2022]);
  });

  it("knows when filters beyond the term are set", () => {
    expect(hasFilters(parse("term=x"))).toBe(false);
    expect(hasFilters(parse("push=yes"))).toBe(true);
    expect(hasFilters(parse("yearTo=2020"))).toBe(true);
  });
});

describe("push links", () => {
  it("carries the search term or the user to the composer", () => {
    expect(pushForSearch("a1", " 555 & co ")).toBe("/apps/a1/push/add?term=555%20%26%20co");
    expect(pushForSearch("a1", "  ")).toBe("/apps/a1/push/add");
    expect(pushForUser("a1", "u-1")).toBe("/apps/a1/push/add?users=u-1");
  });
});

describe("vehicles", () => {
  it("cleans a form's vehicle: empty fields out, VIN upper-case, numbers kept", () => {
    expect(
      cleanVehicle({ make: " Ford ", model: "", vin: "1fa ", year: 2019, mileage: null, unit: undefined }),
    ).toEqual({
      make: "Ford",
      vin: "1FA",
      year: 2019,
    });
    expect(cleanVehicle({ mileage: 0 })).toEqual({ mileage: 0 });
  });

  it("replaces one vehicle or adds a new one", () => {
    expect(withVehicle(["a", "b"], 1, "c")).toEqual(["a", "c"]);
    expect(withVehicle(["a", "b"], -1, "c")).toEqual(["a", "b", "c"]);
    expect(withVehicle(["a"], 5, "c")).toEqual(["a", "c"]);
  });

  it("titles a vehicle by what it has", () => {
    expect(vehicleTitle({ year: 2019, make: "Toyota", model: "Camry" })).toBe("2019 Toyota Camry");
    expect(vehicleTitle({ make: "Toyota" })).toBe("Toyota");
    expect(vehicleTitle({})).toBe("");
  });
});
