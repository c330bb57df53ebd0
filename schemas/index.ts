/** The contract: JSON Schemas shared by the builder, the server, the widget and the API docs. */
export * from "./account.ts";
export * from "./ajv.ts";
export * from "./app.ts";
export * from "./envelope.ts";
export * from "./messages.ts";
export * from "./text.ts";
