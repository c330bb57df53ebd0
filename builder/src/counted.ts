/**
 * "1 vehicle", "2 vehicles", "1,250 customers": a count with its noun, for every total the console shows
 * (the tables' page totals, import results), so no screen says "1 vehicles".
 */
export const counted = (n: number, one: string, many: string): string =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
