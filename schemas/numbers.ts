import { type TInteger, type TNumber, Type } from "@sinclair/typebox";
import { messages } from "./messages.ts";

const bounded = (min: number, max: number, title: string): TNumber =>
  Type.Number({
    title,
    minimum: min,
    maximum: max,
    errorMessage: {
      type: messages.invalidNumber,
      minimum: messages.between(min, max),
      maximum: messages.between(min, max),
    },
  });

/** Latitude -90 to 90 (spec §5). */
export const latitude = (title = "Latitude") => bounded(-90, 90, title);
/** Longitude -180 to 180 (spec §5). */
export const longitude = (title = "Longitude") => bounded(-180, 180, title);

/** Stamp count bounds (spec §5 and §9: a number greater than 1 and at most 12). */
export const STAMPS = { min: 2, max: 12 } as const;

/** Stamp count with its three messages (spec §5). */
export function stampCount(opts: { title?: string; default?: number } = {}): TInteger {
  return Type.Integer({
    ...opts,
    exclusiveMinimum: STAMPS.min - 1,
    maximum: STAMPS.max,
    errorMessage: {
      type: messages.invalidNumber,
      exclusiveMinimum: messages.greaterThan(STAMPS.min - 1),
      maximum: messages.lessOrEqual(STAMPS.max),
    },
  });
}
