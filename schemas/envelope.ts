import { type TSchema, Type } from "@sinclair/typebox";

/** Every successful payload is `{ data }`. */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ data });

/** Every error is `{ error: { message, code, details? } }`; details carry field paths for the builder. */
export const ErrorBody = Type.Object({
  error: Type.Object({
    message: Type.String(),
    code: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
  }),
});
