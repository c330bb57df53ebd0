import { type Static, Type } from "@sinclair/typebox";
import { MakeModelType } from "./app.ts";
import { messages } from "./messages.ts";
import { text } from "./text.ts";

const catalogName = () => text(1, 100, { required: true });

/** A make and model of the catalog, per makeModelType (spec §1: Car by default). */
export const MakeModelInput = Type.Object(
  { type: Type.Optional(MakeModelType), make: catalogName(), model: catalogName() },
  {
    additionalProperties: false,
    errorMessage: { required: { make: messages.required, model: messages.required } },
  },
);
export type MakeModelInput = Static<typeof MakeModelInput>;

export const MakeModel = Type.Object({
  id: Type.String(),
  type: Type.String(),
  make: Type.String(),
  model: Type.String(),
});
export type MakeModel = Static<typeof MakeModel>;

/** An engine type offered for a make and model. */
export const EngineTypeInput = Type.Object(
  {
    type: Type.Optional(MakeModelType),
    make: catalogName(),
    model: catalogName(),
    engineType: catalogName(),
  },
  {
    additionalProperties: false,
    errorMessage: {
      required: { make: messages.required, model: messages.required, engineType: messages.required },
    },
  },
);
export type EngineTypeInput = Static<typeof EngineTypeInput>;

export const EngineType = Type.Object({
  id: Type.String(),
  type: Type.String(),
  make: Type.String(),
  model: Type.String(),
  engineType: Type.String(),
});
export type EngineType = Static<typeof EngineType>;

/**
 * Bulk and CSV imports keep the good rows and report the others. `row` is the item's position in a bulk
 * list (from 1) or the line number in a CSV file (the header is line 1).
 */
export const ImportResult = Type.Object({
  created: Type.Integer(),
  unchanged: Type.Integer(),
  errors: Type.Array(Type.Object({ row: Type.Integer(), message: Type.String() })),
  /** false when nothing was written: a preview, or an all-or-nothing import with a bad row. */
  applied: Type.Optional(Type.Boolean()),
});
/** ?mode= of a catalog CSV import: partial (good rows kept), all (all or nothing) or preview (nothing kept). */
export const ImportModeQuery = Type.Object({
  mode: Type.Union([Type.Literal("partial"), Type.Literal("all"), Type.Literal("preview")], {
    default: "partial",
  }),
});
export type ImportResult = Static<typeof ImportResult>;

/** Bulk bodies are checked row by row, so one bad row does not reject the whole list. */
export const BulkRows = Type.Array(Type.Unknown(), {
  minItems: 1,
  maxItems: 10000,
  errorMessage: { minItems: "At least one item required", maxItems: "At most 10000 rows at once" },
});

/** MakeModelType without its default: a catalog filter left out means every type, not Car. */
const { default: _everyType, ...typeFilter } = MakeModelType as unknown as Record<string, unknown>;
export const CatalogTypeFilter = Type.Unsafe<Static<typeof MakeModelType>>(typeFilter);

export const CatalogQuery = Type.Object({
  type: Type.Optional(CatalogTypeFilter),
  make: Type.Optional(Type.String({ maxLength: 100 })),
  model: Type.Optional(Type.String({ maxLength: 100 })),
});
export type CatalogQuery = Static<typeof CatalogQuery>;
