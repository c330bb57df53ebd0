/** A random UUID (v4) from Web Crypto, which browsers and Node 20 both provide. */
export const newId = (): string => globalThis.crypto.randomUUID();
