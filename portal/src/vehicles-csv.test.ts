import { describe, expect, it } from "vitest";
import { vehiclesFromCsv } from "./vehicles-csv.ts";

describe("Upload Vehicles: vehicles of a CSV", () => {
  it("reads the columns by their headers in any order, with quotes and a byte order mark", () => {
    const csv =
      '\uFEFFYear,Make,Model,VIN,Mileage\r\n2024,Ford,"Escape, Titanium",1fmcu9j91rua12345,"42,000"\n\n2019,Toyota,Camry,,\n';
    expect(vehiclesFromCsv(csv)).toEqual([
      { year: 2024, make: "Ford", model: "Escape, Titanium", vin: "1FMCU9J91RUA12345", mileage: 42000 },
      { year: 2019, make: "Toyota", model: "Camry" },
    ]);
  });
  it("takes Spanish headers and semicolons, skips rows naming no vehicle and years out of bounds", () => {
    expect(vehiclesFromCsv("Marca;Modelo;Año\nNissan;Sentra;1800\n;;2020\n")).toEqual([
      { make: "Nissan", model: "Sentra" },
    ]);
  });
  it("finds nothing in a file without rows", () => {
    expect(vehiclesFromCsv("Make,Model\n")).toEqual([]);
    expect(vehiclesFromCsv("")).toEqual([]);
  });
});
