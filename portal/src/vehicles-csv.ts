import type { Vehicle } from "../../schemas/index.ts";

/** One CSV line's cells: commas separate, double quotes wrap cells that hold commas ("" is a quote). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === "," || c === ";" || c === "\t") {
      out.push(cur.trim());
      cur = "";
    } else cur += c;
  }
  out.push(cur.trim());
  return out;
}

const HEADERS: Record<string, keyof Vehicle> = {
  make: "make",
  marca: "make",
  manufacturer: "make",
  model: "model",
  modelo: "model",
  year: "year",
  año: "year",
  vin: "vin",
  unit: "unit",
  mileage: "mileage",
  miles: "mileage",
  kilometraje: "mileage",
};

/**
 * Vehicles of an 'Upload Vehicles' CSV (a header row naming Make, Model, Year, VIN, Unit, Mileage in any
 * order, English or Spanish); rows without make, model or VIN are skipped, numbers outside the profile's
 * bounds are left out, a VIN is upper-cased and cut to 17 characters.
 */
export function vehiclesFromCsv(text: string): Vehicle[] {
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((l) => l.trim());
  if (lines.length < 2) return [];
  const columns = cells(lines[0]).map((h) => HEADERS[h.toLowerCase().replace(/[^a-zñ]/g, "")]);
  const out: Vehicle[] = [];
  for (const line of lines.slice(1)) {
    const v: Vehicle = {};
    cells(line).forEach((value, i) => {
      const key = columns[i];
      if (!key || !value) return;
      if (key === "year" || key === "mileage") {
        const n = Number(value.replace(/[,\s]/g, ""));
        if (
          Number.isInteger(n) &&
          n >= (key === "year" ? 1900 : 0) &&
          n <= (key === "year" ? 2100 : 10_000_000)
        )
          v[key] = n;
      } else if (key === "vin") v.vin = value.toUpperCase().slice(0, 17);
      else v[key] = value.slice(0, 100);
    });
    if (v.make || v.model || v.vin) out.push(v);
  }
  return out;
}
