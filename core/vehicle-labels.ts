/** Vehicle field labels (spec §2): Trailer apps say Manufacturer and Trailer; the others say Vehicle. */
export interface VehicleLabels {
  make: string;
  vehicleMake: string;
  model: string;
  year: string;
  vin: string;
}

const TRAILER: VehicleLabels = {
  make: "Manufacturer",
  vehicleMake: "Manufacturer",
  model: "Trailer Model",
  year: "Trailer Year",
  vin: "Trailer Identification Number",
};
const VEHICLE: VehicleLabels = {
  make: "Make",
  vehicleMake: "Vehicle Make",
  model: "Vehicle Model",
  year: "Vehicle Year",
  vin: "Vehicle Identification Number",
};

export const vehicleLabels = (makeModelType: string | null | undefined): VehicleLabels =>
  makeModelType === "Trailer" ? TRAILER : VEHICLE;
