import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import { type SignedInUser, type SignInEvent, type SignInIdentifier, signInMachine } from "./sign-in.ts";

const ADA: SignedInUser = {
  userId: "u1",
  token: "t1",
  profile: { email: "ada@example.com", emailVerified: true },
};

interface Row {
  name: string;
  input?: { user?: SignedInUser | null };
  /** The server: a failing send or confirm answers with this message. */
  sendFails?: string;
  confirmFails?: string;
  /** The server never answers the sign-out. */
  signOutHangs?: boolean;
  steps: SignInEvent[];
  state: string;
  error?: string | null;
  notice?: string | null;
  sentTo?: SignInIdentifier[];
  confirmed?: { code: string }[];
  stored?: boolean;
  forgot?: boolean;
  later?: boolean;
}

const settle = () => new Promise((r) => setTimeout(r, 0));

async function run(row: Row) {
  const sentTo: SignInIdentifier[] = [];
  const confirmed: { code: string }[] = [];
  const calls = { stored: false, forgot: false, later: false };
  const machine = signInMachine.provide({
    actors: {
      sendCode: fromPromise(async ({ input }) => {
        sentTo.push(input.identifier);
        if (row.sendFails) throw new Error(row.sendFails);
      }),
      confirmCode: fromPromise(async ({ input }) => {
        confirmed.push({ code: input.code });
        if (row.confirmFails) throw new Error(row.confirmFails);
        return ADA;
      }),
      signOut: fromPromise<void, { user: SignedInUser | null }>(async () => {
        if (row.signOutHangs) await new Promise(() => {});
        throw new Error("offline");
      }),
    },
    actions: {
      storeUser: () => (calls.stored = true),
      forgetUser: () => (calls.forgot = true),
      rememberLater: () => (calls.later = true),
    },
  });
  const actor = createActor(machine, { input: row.input }).start();
  for (const step of row.steps) {
    actor.send(step);
    await settle();
  }
  const snap = actor.getSnapshot();
  actor.stop();
  return { snap, sentTo, confirmed, ...calls };
}

const contact = (value: string): SignInEvent => ({ type: "signIn.contact", value });
const code = (value: string): SignInEvent => ({ type: "signIn.code", value });
const send: SignInEvent = { type: "signIn.sendCode" };
const confirm: SignInEvent = { type: "signIn.confirm" };

const table: Row[] = [
  { name: "starts on the contact field", steps: [], state: "contact" },
  { name: "starts signed in with a stored user", input: { user: ADA }, steps: [], state: "signedIn" },
  { name: "Send Code needs a contact", steps: [send], state: "contact", sentTo: [] },
  {
    name: "an e-mail is sent as email",
    steps: [contact(" ada@example.com "), send],
    state: "code",
    sentTo: [{ email: "ada@example.com" }],
  },
  {
    name: "a phone-looking value is sent as phone",
    steps: [contact("+1 (555) 123-4567"), send],
    state: "code",
    sentTo: [{ phone: "+15551234567" }],
  },
  {
    name: "a failed send shows the server's message on the contact field",
    sendFails: "Please wait a minute before asking for another code",
    steps: [contact("ada@example.com"), send],
    state: "contact",
    error: "Please wait a minute before asking for another code",
  },
  {
    name: "Confirm code with no code says 'Code is required'",
    steps: [contact("ada@example.com"), send, confirm],
    state: "code",
    error: "Code is required",
    confirmed: [],
  },
  {
    name: "a right code signs in and stores the user",
    steps: [contact("ada@example.com"), send, code(" 123456 "), confirm],
    state: "signedIn",
    confirmed: [{ code: "123456" }],
    stored: true,
  },
  {
    name: "a wrong code shows the server's message and stays on the code screen",
    confirmFails: "The code must be invalid :(",
    steps: [contact("ada@example.com"), send, code("000000"), confirm],
    state: "code",
    error: "The code must be invalid :(",
    stored: false,
  },
  {
    name: "typing again clears the error",
    confirmFails: "The code must be invalid :(",
    steps: [contact("ada@example.com"), send, code("000000"), confirm, code("1")],
    state: "code",
    error: null,
  },
  {
    name: "Back returns to the contact, keeping it",
    steps: [contact("ada@example.com"), send, { type: "signIn.back" }],
    state: "contact",
  },
  {
    name: "start over clears everything and says so",
    steps: [contact("ada@example.com"), send, code("12"), { type: "signIn.startOver" }],
    state: "contact",
    notice: "Let's start over...",
  },
  {
    name: "the code can be sent again from the code screen",
    steps: [contact("ada@example.com"), send, send],
    state: "code",
    sentTo: [{ email: "ada@example.com" }, { email: "ada@example.com" }],
  },
  { name: "'Login later' is remembered", steps: [{ type: "signIn.later" }], state: "later", later: true },
  {
    name: "sign-out forgets the user even when the network fails",
    input: { user: ADA },
    steps: [{ type: "signIn.signOut" }],
    state: "contact",
    forgot: true,
  },
  {
    name: "sign-out forgets the user before the server answers",
    input: { user: ADA },
    signOutHangs: true,
    steps: [{ type: "signIn.signOut" }],
    state: "signingOut",
    forgot: true,
  },
  {
    name: "a 401 or 400 profile load forgets the user",
    input: { user: ADA },
    steps: [{ type: "signIn.expired" }],
    state: "contact",
    forgot: true,
  },
];

describe("sign-in machine", () => {
  it.each(table)("$name", async (row) => {
    const r = await run(row);
    expect(r.snap.value).toBe(row.state);
    if (row.error !== undefined) expect(r.snap.context.error).toBe(row.error);
    if (row.notice !== undefined) expect(r.snap.context.notice).toBe(row.notice);
    if (row.sentTo) expect(r.sentTo).toEqual(row.sentTo);
    if (row.confirmed) expect(r.confirmed).toEqual(row.confirmed);
    if (row.stored !== undefined) expect(r.stored).toBe(row.stored);
    if (row.forgot !== undefined) expect(r.forgot).toBe(row.forgot);
    if (row.later !== undefined) expect(r.later).toBe(row.later);
  });

  it("start over leaves an empty contact and code", async () => {
    const r = await run({
      name: "",
      steps: [contact("ada@example.com"), send, code("12"), { type: "signIn.startOver" }],
      state: "contact",
    });
    expect(r.snap.context).toMatchObject({ contact: "", code: "", identifier: null });
  });
});
