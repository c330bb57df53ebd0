import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import {
  type CallFailure,
  INVALID_TOKEN,
  ME_TIMEOUT_MS,
  type Profile,
  type SessionEvent,
  sessionMachine,
  TOKEN_REQUIRED,
  type TokenStorage,
} from "./session.ts";

function memoryStorage(token: string | null = null, secondary: string | null = null) {
  const s = { token, secondary };
  const storage: TokenStorage = {
    get: () => s.token,
    set: (t) => {
      s.token = t;
    },
    clear: () => {
      s.token = null;
    },
    getSecondary: () => s.secondary,
    setSecondary: (t) => {
      s.secondary = t;
    },
    clearSecondary: () => {
      s.secondary = null;
    },
  };
  return { s, storage };
}

const never = () => new Promise<never>(() => {});
const fail = (status: number, message = "boom"): Promise<never> =>
  Promise.reject({ status, message } satisfies CallFailure);
const me: Profile = { email: "a@b.co", portalUrl: null };

interface Row {
  name: string;
  token?: string | null;
  secondary?: string | null;
  fetchMe?: () => Promise<Profile>;
  signIn?: () => Promise<string>;
  signInAs?: () => Promise<string | null>;
  events?: SessionEvent[];
  advance?: number;
  state: string;
  expect?: {
    token?: string | null;
    secondary?: string | null;
    error?: string | null;
    reloads?: number;
    assigned?: string[];
    emitted?: string[];
  };
}

const rows: Row[] = [
  { name: "no token: signed out without a call", token: null, state: "signedOut", expect: { token: null } },
  { name: "a token and a profile: signed in", token: "t", fetchMe: async () => me, state: "signedIn" },
  {
    name: "me answering 500 is rethrown",
    token: "t",
    fetchMe: () => fail(500, "db down"),
    state: "failed",
    expect: { error: "db down", token: "t" },
  },
  {
    name: "me answering 401 is signed out",
    token: "t",
    fetchMe: () => fail(401),
    state: "signedOut",
    expect: { token: null },
  },
  {
    name: "me with a network error is signed out",
    token: "t",
    fetchMe: () => fail(0, "Network Error"),
    state: "signedOut",
  },
  {
    name: `me slower than ${ME_TIMEOUT_MS} ms is signed out`,
    token: "t",
    fetchMe: never,
    advance: ME_TIMEOUT_MS,
    state: "signedOut",
  },
  {
    name: "me just inside the timeout keeps waiting",
    token: "t",
    fetchMe: never,
    advance: ME_TIMEOUT_MS - 1,
    state: "fetchingMe",
  },
  {
    name: "sign-in stores the token, then fetches the profile",
    token: null,
    signIn: async () => "new-token",
    fetchMe: async () => me,
    events: [{ type: "session.signIn", email: "a@b.co", password: "secret" }],
    state: "signedIn",
    expect: { token: "new-token" },
  },
  {
    name: "a refused sign-in keeps the server's message",
    token: null,
    signIn: () => fail(401, "Wrong email or password"),
    events: [{ type: "session.signIn", email: "a@b.co", password: "x" }],
    state: "signedOut",
    expect: { error: "Wrong email or password", emitted: ["session.failed"] },
  },
  {
    name: "authenticate without a token: 'token required'",
    token: null,
    events: [{ type: "session.authenticate" }],
    state: "signedOut",
    expect: { error: TOKEN_REQUIRED },
  },
  {
    name: "authenticate with a token signs in",
    token: null,
    fetchMe: async () => me,
    events: [{ type: "session.authenticate", token: "given" }],
    state: "signedIn",
    expect: { token: "given" },
  },
  {
    name: "401 drops the token and redirects to the root",
    token: "t",
    fetchMe: async () => me,
    events: [{ type: "session.expired" }],
    state: "signedOut",
    expect: { token: null, emitted: ["session.redirectedToRoot"] },
  },
  {
    name: "401 told not to redirect only drops the token",
    token: "t",
    fetchMe: async () => me,
    events: [{ type: "session.expired", quiet: true }],
    state: "signedOut",
    expect: { token: null, emitted: [] },
  },
  {
    name: "sign-out drops the token",
    token: "t",
    fetchMe: async () => me,
    events: [{ type: "session.signOut" }],
    state: "signedOut",
    expect: { token: null, reloads: 0 },
  },
  {
    name: "impersonation keeps the admin token as secondary and reloads",
    token: "admin",
    fetchMe: async () => me,
    signInAs: async () => "user",
    events: [{ type: "session.impersonate", userId: "u1" }],
    state: "leaving",
    expect: { token: "user", secondary: "admin", reloads: 1 },
  },
  {
    name: "impersonation without a token: 'Invalid token received'",
    token: "admin",
    fetchMe: async () => me,
    signInAs: async () => "",
    events: [{ type: "session.impersonate", userId: "u1" }],
    state: "signedIn",
    expect: { token: "admin", secondary: null, error: INVALID_TOKEN, reloads: 0 },
  },
  {
    name: "sign-out while impersonating restores the admin token and reloads",
    token: "user",
    secondary: "admin",
    fetchMe: async () => me,
    events: [{ type: "session.signOut" }],
    state: "leaving",
    expect: { token: "admin", secondary: null, reloads: 1 },
  },
  {
    name: "a portalUrl on another host redirects there",
    token: "t",
    fetchMe: async () => ({ email: "a@b.co", portalUrl: "https://portal.example.com/x" }),
    state: "leaving",
    expect: { assigned: ["https://portal.example.com/x"] },
  },
  {
    name: "a portalUrl on this host stays",
    token: "t",
    fetchMe: async () => ({ email: "a@b.co", portalUrl: "http://builder.test/apps" }),
    state: "signedIn",
    expect: { assigned: [] },
  },
  {
    name: "an Admin signed in as the user stays in the console, whatever the user's portalUrl",
    token: "user",
    secondary: "admin",
    fetchMe: async () => ({ email: "a@b.co", portalUrl: "https://portal.example.com/x" }),
    state: "signedIn",
    expect: { assigned: [], token: "user", secondary: "admin" },
  },
  ...[
    "javascript://portal.example.com/%0Aalert(document.domain)",
    "javascript:alert(1)",
    "data://portal.example.com/x",
    "https://builder.test@evil.example/",
    "fb://portal.example.com/x",
  ].map((portalUrl) => ({
    name: `a portalUrl outside the URL policy is never followed: ${portalUrl}`,
    token: "t",
    fetchMe: async () => ({ email: "a@b.co", portalUrl }),
    state: "signedIn",
    expect: { assigned: [] },
  })),
];

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("session machine", () => {
  it.each(rows)("$name", async (row) => {
    const { s, storage } = memoryStorage(row.token ?? null, row.secondary ?? null);
    const assigned: string[] = [];
    let reloads = 0;
    const clock = new SimulatedClock();
    const machine = sessionMachine.provide({
      actors: {
        fetchMe: fromPromise(row.fetchMe ?? never),
        signIn: fromPromise(row.signIn ?? never),
        signInAs: fromPromise(row.signInAs ?? never),
        signOut: fromPromise<void>(async () => undefined),
      },
    });
    const actor = createActor(machine, {
      clock,
      input: {
        storage,
        location: { host: "builder.test", assign: (u) => assigned.push(u), reload: () => reloads++ },
      },
    });
    const emitted: string[] = [];
    actor.on("*", (e) => emitted.push(e.type));
    actor.start();
    await settle();
    for (const e of row.events ?? []) {
      actor.send(e);
      await settle();
    }
    if (row.advance) clock.increment(row.advance);
    await settle();
    const snap = actor.getSnapshot();
    expect(snap.value).toBe(row.state);
    const x = row.expect ?? {};
    if ("token" in x) expect(s.token).toBe(x.token);
    if ("secondary" in x) expect(s.secondary).toBe(x.secondary);
    if ("error" in x) expect(snap.context.error).toBe(x.error);
    if (x.reloads !== undefined) expect(reloads).toBe(x.reloads);
    if (x.assigned) expect(assigned).toEqual(x.assigned);
    if (x.emitted) expect(emitted).toEqual(x.emitted);
  });
});
