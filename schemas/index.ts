/** The contract: JSON Schemas shared by the builder, the server, the widget and the API docs. */
export * from "./account.ts";
export * from "./admin.ts";
export * from "./ajv.ts";
export * from "./app.ts";
export * from "./catalog.ts";
export * from "./client-relations.ts";
export * from "./envelope.ts";
export * from "./managers.ts";
export * from "./messages.ts";
export * from "./settings.ts";
export * from "./text.ts";
