/**
 * Unique-visitor sketches (migration 0013): the report merges the sketches of a range's days and hours here.
 * A sketch is either exact (its users' 64-bit hashes, at most SKETCH_EXACT_MAX of them) or 4,096
 * HyperLogLog registers. The layout must match the SQL functions of 0013: a hash's low 12 bits pick the
 * register; the register's value is one more than the leading zeros of the other 52 bits.
 */

/** Registers per sketch (2^12): the estimate's standard error is 1.04 / sqrt(4096), about 1.6 %. */
export const SKETCH_REGISTERS = 4096;
/** The standard error of an estimate, as a fraction (documented with the visitors figure). */
export const SKETCH_STANDARD_ERROR = 1.04 / Math.sqrt(SKETCH_REGISTERS);
/** A sketch stays exact (a list of hashes) up to this many users; 0013's analytics_sketch_merge uses the same. */
export const SKETCH_EXACT_MAX = 512;

/**
 * The union of any number of sketches. Exact while every part is exact and the union has at most
 * SKETCH_EXACT_MAX users (a set of their hashes); past that, or once any part has registers, an estimate from
 * the merged registers (kept all along), so a long range costs a pass over registers, not a set of every user.
 */
export class VisitorSketch {
  private exact: Set<number> | null = new Set();
  private readonly registers = new Uint8Array(SKETCH_REGISTERS);

  /** Adds the users of a run of 8-byte big-endian hashes (a sketch's "hashes", analytics_user_hash's values). */
  addHashes(bytes: Uint8Array): void {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let o = 0; o + 8 <= bytes.byteLength; o += 8)
      this.addParts(view.getUint32(o), view.getUint32(o + 4));
  }

  /** Adds one user by the high and low 32 bits of its hash (unsigned). */
  addParts(hi: number, lo: number): void {
    const index = lo & (SKETCH_REGISTERS - 1);
    // The 52 bits above the index: hi's 32, then lo's top 20.
    const rest = lo >>> 12;
    const value = hi !== 0 ? Math.clz32(hi) + 1 : rest !== 0 ? 32 + (Math.clz32(rest) - 12) + 1 : 53;
    if (this.registers[index] < value) this.registers[index] = value;
    if (!this.exact) return;
    // A 53-bit key: two distinct users share it with negligible odds (about n^2 / 2^54).
    this.exact.add(hi * 2_097_152 + (lo >>> 11));
    if (this.exact.size > SKETCH_EXACT_MAX) this.exact = null;
  }

  /** Merges another sketch's registers (4,096 bytes): the result is an estimate from now on. */
  mergeRegisters(registers: Uint8Array): void {
    if (registers.length !== SKETCH_REGISTERS) throw new Error(`a sketch has ${SKETCH_REGISTERS} registers`);
    const r = this.registers;
    for (let i = 0; i < SKETCH_REGISTERS; i++) if (registers[i] > r[i]) r[i] = registers[i];
    this.exact = null;
  }

  /** Merges another union: exact when both were. */
  merge(other: VisitorSketch): void {
    const r = this.registers;
    for (let i = 0; i < SKETCH_REGISTERS; i++) if (other.registers[i] > r[i]) r[i] = other.registers[i];
    if (this.exact && other.exact) for (const k of other.exact) this.exact.add(k);
    if (!other.exact || (this.exact && this.exact.size > SKETCH_EXACT_MAX)) this.exact = null;
  }

  /** A copy of the merged registers (what 0013's analytics_hll_add sets for the same hashes). */
  toRegisters(): Uint8Array {
    return this.registers.slice();
  }

  /** Whether count() is exact. */
  get isExact(): boolean {
    return this.exact !== null;
  }

  /** The number of distinct users: exact, or the HyperLogLog estimate (linear counting while registers are mostly empty). */
  count(): number {
    if (this.exact) return this.exact.size;
    return estimate(this.registers);
  }
}

/** The HyperLogLog estimate of a register array (64-bit hashes need no large-range correction). */
export function estimate(registers: Uint8Array): number {
  const m = registers.length;
  let sum = 0;
  let zeros = 0;
  for (let i = 0; i < m; i++) {
    sum += 2 ** -registers[i];
    if (registers[i] === 0) zeros++;
  }
  const raw = ((0.7213 / (1 + 1.079 / m)) * m * m) / sum;
  if (raw <= 2.5 * m && zeros > 0) return Math.round(m * Math.log(m / zeros));
  return Math.round(raw);
}
