import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Secrets at rest (the VAPID private key, native push profile keys): AES-256-GCM with the key from
 * SECRETS_KEY. A sealed value is text "enc:v1:" + base64url(12-byte IV | 16-byte tag | ciphertext), so it
 * fits the text and JSON columns the plain values used; a value without the prefix is a plain one stored
 * before encryption, still read as is (and re-sealed by its owner on the next read).
 *
 * SECRETS_KEY is 32 bytes as 64 hex digits or base64, or any passphrase (hashed to 32 bytes with SHA-256).
 * Without it (development, `npm start` out of the box) the key is derived from a fixed public string: data
 * is encrypted but anyone with the code can decrypt it, so production must set SECRETS_KEY. Changing the key
 * makes sealed values unreadable: rotate by re-entering the secrets.
 */
const PREFIX = "enc:v1:";
export const DEV_SECRETS_PASSPHRASE = "brand-apps development secrets key (set SECRETS_KEY in production)";

export function secretsKeyFrom(value: string | undefined): Buffer {
  const text = value?.trim();
  if (!text) return createHash("sha256").update(DEV_SECRETS_PASSPHRASE).digest();
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, "hex");
  const decoded = Buffer.from(text, "base64");
  if (decoded.length === 32 && /^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return decoded;
  return createHash("sha256").update(text).digest();
}

let configured: Buffer | undefined;

/** Sets the key of this process from the configuration (buildApp and the worker call it with SECRETS_KEY). */
export function configureSecretsKey(value: string | undefined): void {
  configured = secretsKeyFrom(value);
}

/** The key of this process: the configured one, else SECRETS_KEY, else the documented development default. */
export const processSecretsKey = (): Buffer => configured ?? secretsKeyFrom(process.env.SECRETS_KEY);

export const isSealed = (value: string): boolean => value.startsWith(PREFIX);

export function seal(plain: string, key: Buffer = processSecretsKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The plain text of a sealed value (a plain stored value comes back unchanged); a wrong key throws. */
export function open(value: string, key: Buffer = processSecretsKey()): string {
  if (!isSealed(value)) return value;
  const raw = Buffer.from(value.slice(PREFIX.length), "base64url");
  const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    throw new Error(
      "A stored secret cannot be decrypted: SECRETS_KEY differs from the key it was sealed with",
    );
  }
}
