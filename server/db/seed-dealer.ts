import { eq } from "drizzle-orm";
import type { DealerKind } from "../../schemas/index.ts";
import { checkRecords, upsertRecords } from "../ops/dealer-data.ts";
import type { Db } from "./connect.ts";
import { dealerVehicles } from "./schema-dealer.ts";

/** The demo app's dealer data: what the widget's Inventory and the console's Inventory and Dealer data show. */
export const DEMO_INVENTORY = [
  [
    "1HGCV1F36LA012345",
    "D1001",
    2020,
    "Honda",
    "Accord",
    "EX",
    "Sedan",
    "Platinum White",
    32150,
    23990,
    "used",
  ],
  [
    "5YJ3E1EA7KF401122",
    "D1002",
    2019,
    "Tesla",
    "Model 3",
    "Long Range",
    "Sedan",
    "Red",
    41800,
    29950,
    "used",
  ],
  [
    "1FTFW1E50NFA33210",
    "D1003",
    2022,
    "Ford",
    "F-150",
    "XLT",
    "Truck",
    "Oxford White",
    18900,
    44500,
    "certified",
  ],
  [
    "2T3P1RFV4NW245678",
    "D1004",
    2022,
    "Toyota",
    "RAV4",
    "XLE",
    "SUV",
    "Blueprint",
    22400,
    31900,
    "certified",
  ],
  ["3GNKBCRS0PS112233", "D1005", 2023, "Chevrolet", "Blazer", "2LT", "SUV", "Black", 12, 38995, "new"],
  [
    "1C4RJFAG9LC345612",
    "D1006",
    2020,
    "Jeep",
    "Grand Cherokee",
    "Laredo",
    "SUV",
    "Silver",
    48700,
    26450,
    "used",
  ],
  [
    "JM1BPAAL7M1400987",
    "D1007",
    2021,
    "Mazda",
    "Mazda3",
    "Select",
    "Hatchback",
    "Soul Red",
    27300,
    21500,
    "used",
  ],
  ["1FMCU9H61NUA77889", "D1008", 2022, "Ford", "Escape", "SE", "SUV", "Blue", 15600, 25990, "certified"],
].map(([vin, stockNumber, year, make, model, trim, bodyStyle, color, mileage, price, status]) => ({
  vin,
  stockNumber,
  year,
  make,
  model,
  trim,
  bodyStyle,
  color,
  mileage,
  price,
  status,
  availability: "In stock",
  transmission: "Automatic",
  fuel: make === "Tesla" ? "Electric" : "Gasoline",
  location: "Main showroom",
}));

/** Olivia Bennett (a demo customer) had her RAV4 serviced and bought a service contract; Marcus Reed a truck. */
const DEMO_RECORDS: [DealerKind, unknown[]][] = [
  [
    "repair-orders",
    [
      {
        roNumber: "RO-48211",
        date: "2026-10-14",
        vin: "2T3BFREV8JW712345",
        mileage: 61200,
        customerName: "Olivia Bennett",
        email: "olivia.bennett@example.com",
        lines: [
          { description: "Synthetic oil and filter change", labor: 39.95, parts: 42.1 },
          { description: "Tire rotation and balance", labor: 49.5 },
          { description: "Cabin air filter", labor: 15, parts: 28.75 },
        ],
        advisor: "Maria Lopez",
        location: "Main service center",
      },
    ],
  ],
  [
    "deals",
    [
      {
        dealNumber: "DL-20931",
        date: "2026-08-02",
        vin: "1FTFW1ET4CFA11223",
        year: 2012,
        make: "Ford",
        model: "F-150",
        customerName: "Marcus Reed",
        email: "marcus.reed@example.com",
        term: 48,
        monthlyPayment: 312.4,
        paid: 1249.6,
        amountFinanced: 13250,
        downPayment: 2500,
        totalDown: 4000,
        salesPrice: 16995,
        totalBackSales: 1895,
        totalPickupPayments: 1500,
        aftermarketSale: 650,
        tradeActualCashValue: 3500,
        total: 18890,
        products: [
          { description: "Extended powertrain warranty", quantity: 1, warranty: true },
          { description: "All-weather floor mats", quantity: 1 },
          { description: "Dealer prep", quantity: 1, internal: true },
        ],
        location: "Main showroom",
      },
    ],
  ],
  [
    "service-contracts",
    [
      {
        contractNumber: "SC-77120",
        product: "Platinum maintenance plan",
        provider: "Demo Motors Care",
        vin: "2T3BFREV8JW712345",
        customerName: "Olivia Bennett",
        email: "olivia.bennett@example.com",
        startDate: "2026-01-15",
        endDate: "2029-01-14",
        endMileage: 100000,
        price: 1295,
      },
    ],
  ],
];

/** Adds the demo dealer data to an app without inventory (a second run, or data edited since, is left alone). */
export async function seedDealer(db: Db, appId: string): Promise<void> {
  const [some] = await db
    .select({ id: dealerVehicles.id })
    .from(dealerVehicles)
    .where(eq(dealerVehicles.appId, appId))
    .limit(1);
  if (some) return;
  const batches: [DealerKind, unknown[]][] = [["inventory", DEMO_INVENTORY], ...DEMO_RECORDS];
  await db.transaction(async (tx) => {
    for (const [kind, records] of batches) {
      const { values, errors } = checkRecords(kind, records);
      if (errors.length) throw new Error(`demo ${kind}: ${JSON.stringify(errors)}`);
      await upsertRecords(tx, appId, kind, values);
    }
  });
}
