import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apps } from "../db/schema.ts";
import { pushProfileSecrets } from "../ops/push-profile.ts";
import { call, type TestUser, testApp, testAppOf, testUser } from "../test-helpers.ts";
import { isSealed, open, seal, secretsKeyFrom } from "./crypto-box.ts";
import { vapid } from "./web-push.ts";

describe("crypto-box", () => {
  it("opens what it sealed, and a sealed value is neither the plain text nor the same twice", () => {
    const key = randomBytes(32);
    const plain = "-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMG\n-----END PRIVATE KEY-----";
    const a = seal(plain, key);
    const b = seal(plain, key);
    expect(isSealed(a)).toBe(true);
    expect(a).not.toContain("PRIVATE KEY");
    expect(a).not.toBe(b);
    expect(open(a, key)).toBe(plain);
    expect(open(b, key)).toBe(plain);
    expect(open("", key)).toBe("");
    expect(open(seal("", key), key)).toBe("");
  });

  it("refuses a wrong key and a tampered value", () => {
    const sealed = seal("very-secret", secretsKeyFrom("first key"));
    expect(() => open(sealed, secretsKeyFrom("second key"))).toThrow(
      "A stored secret cannot be decrypted: SECRETS_KEY differs from the key it was sealed with",
    );
    const raw = Buffer.from(sealed.slice("enc:v1:".length), "base64url");
    raw[raw.length - 1] ^= 1;
    expect(() => open(`enc:v1:${raw.toString("base64url")}`, secretsKeyFrom("first key"))).toThrow(
      "A stored secret cannot be decrypted",
    );
  });

  it("reads SECRETS_KEY as hex, base64 or a passphrase, and a plain (older) value passes through", () => {
    const bytes = randomBytes(32);
    expect(secretsKeyFrom(bytes.toString("hex")).equals(bytes)).toBe(true);
    expect(secretsKeyFrom(bytes.toString("base64")).equals(bytes)).toBe(true);
    expect(secretsKeyFrom("correct horse battery staple")).toHaveLength(32);
    expect(secretsKeyFrom(undefined).equals(secretsKeyFrom(""))).toBe(true);
    expect(secretsKeyFrom("a").equals(secretsKeyFrom("b"))).toBe(false);
    expect(open("stored before encryption", bytes)).toBe("stored before encryption");
  });
});

describe("secrets at rest", () => {
  let app: FastifyInstance;
  let admin: TestUser;
  let appId: string;
  beforeAll(async () => {
    app = await testApp();
    admin = await testUser(app, "Admin");
    appId = await testAppOf(app, await testUser(app), "Sealed Motors");
  });
  afterAll(() => app.close());

  const stored = async (id: string) =>
    (await app.database.db.select({ p: apps.pushProfile }).from(apps).where(eq(apps.id, id)))[0].p as Record<
      string,
      Record<string, string>
    >;

  it("stores push profile keys sealed, answers only 'hasKey', and gives the senders the plain keys", async () => {
    const url = `/api/admin/apps/${appId}/push-profile`;
    const payload = {
      ios: { bundleId: "com.example", teamId: "TEAM", keyId: "KEY", key: "ios-p8-secret" },
      android: { projectId: "proj", clientEmail: "fcm@proj.iam", privateKey: "android-secret" },
      web: { publicKey: "BPub", privateKey: "web-secret", subject: "mailto:a@b.co" },
    };
    const set = await call(app, { method: "POST", url, headers: admin.headers, payload });
    expect(set.status).toBe(200);
    expect(JSON.stringify(set.body)).not.toContain("secret");
    const row = await stored(appId);
    expect(JSON.stringify(row)).not.toContain("secret");
    expect(isSealed(row.ios.key) && isSealed(row.android.privateKey) && isSealed(row.web.privateKey)).toBe(
      true,
    );
    expect(row.web.publicKey).toBe("BPub");
    const secrets = await pushProfileSecrets(app.database.db, appId);
    expect(secrets).toMatchObject({
      ios: { key: "ios-p8-secret" },
      android: { privateKey: "android-secret" },
      web: { publicKey: "BPub", privateKey: "web-secret", subject: "mailto:a@b.co" },
    });
    // Rotating one platform keeps the others sealed as they were.
    await call(app, {
      method: "POST",
      url,
      headers: admin.headers,
      payload: { web: { publicKey: "BPub2", privateKey: "web-secret-2", subject: "mailto:a@b.co" } },
    });
    const rotated = await stored(appId);
    expect(rotated.ios.key).toBe(row.ios.key);
    expect(open(rotated.web.privateKey)).toBe("web-secret-2");
  });

  it("keeps a profile stored plain before encryption working and seals it on the first read", async () => {
    const other = await testAppOf(app, await testUser(app), "Plain Motors");
    await app.database.db
      .update(apps)
      .set({
        pushProfile: { android: { projectId: "p", clientEmail: "c@p.iam", privateKey: "plain-old-secret" } },
      })
      .where(eq(apps.id, other));
    const read = await call(app, {
      method: "GET",
      url: `/api/admin/apps/${other}/push-profile`,
      headers: admin.headers,
    });
    expect(read.body.data).toEqual({ android: { projectId: "p", clientEmail: "c@p.iam", hasKey: true } });
    const row = await stored(other);
    expect(isSealed(row.android.privateKey)).toBe(true);
    expect((await pushProfileSecrets(app.database.db, other))?.android?.privateKey).toBe("plain-old-secret");
  });

  it("seals the server's VAPID private key, and seals a pair stored plain before", async () => {
    const keys = await vapid(app.database.db);
    const { rows } = await app.database.execute("select public_key, private_key from vapid_keys");
    expect(rows[0].public_key).toBe(keys.publicKey);
    expect(isSealed(rows[0].private_key)).toBe(true);
    expect(open(rows[0].private_key)).toBe(keys.privateKey);

    const fresh = await testApp();
    try {
      await fresh.database.db.execute(
        sql`insert into vapid_keys (id, public_key, private_key) values (1, ${keys.publicKey}, ${keys.privateKey})`,
      );
      expect(await vapid(fresh.database.db)).toEqual(keys);
      const after = await fresh.database.execute("select private_key from vapid_keys");
      expect(isSealed(after.rows[0].private_key)).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
