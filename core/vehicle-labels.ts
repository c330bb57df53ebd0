import en from "../locales/en.json";
import es from "../locales/es.json";

/**
 * Vehicle field labels (spec §2): Trailer apps say Manufacturer and Trailer; the others say Vehicle. The texts
 * live in the shared resources (`vehicle.*`, `vehicle.trailer.*` in locales/{en,es}.json); French and unknown
 * languages read English.
 */
export interface VehicleLabels {
  make: string;
  vehicleMake: string;
  model: string;
  year: string;
  vin: string;
}

const pick = (t: VehicleLabels): VehicleLabels => ({
  make: t.make,
  vehicleMake: t.vehicleMake,
  model: t.model,
  year: t.year,
  vin: t.vin,
});

/** The labels from a language's `vehicle` section (a surface that loads its texts itself passes them). */
export const vehicleLabelsFrom = (
  section: VehicleLabels & { trailer: VehicleLabels },
  makeModelType: string | null | undefined,
): VehicleLabels => pick(makeModelType === "Trailer" ? section.trailer : section);

// Read when asked, nothing at load time: a bundle that does not call vehicleLabels drops this module.
export const vehicleLabels = (
  makeModelType: string | null | undefined,
  lang?: string | null,
): VehicleLabels => vehicleLabelsFrom(lang === "es" ? es.vehicle : en.vehicle, makeModelType);
