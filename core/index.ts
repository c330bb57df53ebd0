/** Pure domain rules shared by every surface (no React, no Node APIs). */
export * from "./embed.ts";
