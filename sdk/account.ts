import { type Actor, createActor, fromPromise } from "xstate";
// Deep import on purpose: core/index.ts would bring the schemas (TypeBox, ajv) into the widget bundle.
import { type SignedInUser, type SignInEvent, signInMachine } from "../machines/sign-in.ts";
import type { EndUserProfileUpdate, Vehicle } from "../schemas/index.ts";
import { isSignedIn, promptsSignIn } from "./account/stored.ts";
import { WidgetApiError, type WidgetClient, type WidgetProfile } from "./client.ts";
import { uuid } from "./ids.ts";
import { readUser, type StoredUser, writeUser } from "./storage.ts";

/** Spec §8: a failed profile load shows code 202; a failed save 200 when signed in, 201 when not. */
export const PROFILE_ERROR_CODES = { load: 202, saveSignedIn: 200, saveSignedOut: 201 } as const;

export interface AccountState {
  user: StoredUser;
  signedIn: boolean;
  /** The sign-in flow: its state name and fields (see machines/sign-in.ts). */
  flow: { state: string; contact: string; code: string; error: string | null; notice: string | null };
  profile: WidgetProfile | null;
  profileError: { message: string; code: number } | null;
  busy: boolean;
}

/**
 * The end user of one app in this browser (framework-free; React reads it with useSyncExternalStore). Before
 * sign-in the user is an anonymous id made here; sign-in may replace it with the id the server knows for the
 * address. The token from sign-in is what proves the user to the profile calls.
 */
export function createAccount(
  appId: string,
  client: WidgetClient,
  hooks: { onSignedIn?: (method: "email" | "phone") => void; onSignedOut?: () => void } = {},
) {
  let user: StoredUser = readUser(appId) ?? { userId: uuid() };
  if (!readUser(appId)) writeUser(appId, user);
  let profile: WidgetProfile | null = (user.profile as WidgetProfile | undefined) ?? null;
  let profileError: AccountState["profileError"] = null;
  let busy = false;
  const listeners = new Set<() => void>();
  let state: AccountState;

  const save = (next: StoredUser) => {
    user = next;
    writeUser(appId, user);
  };
  const signedIn = () => isSignedIn(user, profile);

  const machine = signInMachine.provide({
    actors: {
      sendCode: fromPromise(async ({ input }) => {
        if ("phone" in input.identifier) await client.sendSmsCode(input.identifier.phone);
        else await client.sendEmailCode(input.identifier.email);
      }),
      confirmCode: fromPromise(async ({ input }) => {
        const r = await client.signIn(
          { ...input.identifier, code: input.code, userId: user.userId },
          user.token,
        );
        return r as SignedInUser;
      }),
      signOut: fromPromise(async ({ input }) => {
        if (input.user) await client.signOut(input.user.userId, input.user.token);
      }),
    },
    actions: {
      storeUser: (_, params) => {
        const signed = (params as { user: SignedInUser }).user;
        profile = signed.profile as WidgetProfile;
        profileError = null;
        save({ userId: signed.userId, token: signed.token, email: profile.email, profile });
        hooks.onSignedIn?.(profile.phoneVerified && !profile.emailVerified ? "phone" : "email");
      },
      forgetUser: () => {
        profile = null;
        save({ userId: uuid(), loginLaterAt: user.loginLaterAt });
        hooks.onSignedOut?.();
      },
      rememberLater: () => save({ ...user, loginLaterAt: Date.now() }),
    },
  });
  const initialUser = user.token
    ? { userId: user.userId, token: user.token, profile: user.profile ?? {} }
    : null;
  const actor: Actor<typeof machine> = createActor(machine, { input: { user: initialUser } });

  const compute = (): AccountState => {
    const snap = actor.getSnapshot();
    return {
      user,
      signedIn: signedIn(),
      flow: {
        state: String(snap.value),
        contact: snap.context.contact,
        code: snap.context.code,
        error: snap.context.error,
        notice: snap.context.notice,
      },
      profile,
      profileError,
      busy,
    };
  };
  const emit = () => {
    state = compute();
    for (const l of listeners) l();
  };
  state = compute();
  actor.subscribe(emit);

  async function withBusy<T>(work: () => Promise<T>): Promise<T> {
    busy = true;
    emit();
    try {
      return await work();
    } finally {
      busy = false;
      emit();
    }
  }

  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    start() {
      actor.start();
      if (user.token) void this.loadProfile();
    },
    stop: () => actor.stop(),
    send: (event: SignInEvent) => actor.send(event),
    userId: () => user.userId,
    /** Whether to show 'Sign in for special offers' now (not signed in, no login-later in the last 7 days). */
    shouldPrompt: (now = Date.now()) => promptsSignIn(user, now, profile),
    /** Reloads the profile; 401 or 400 means the stored user is gone: clear it and sign out (spec §8). */
    async loadProfile() {
      if (!user.token) return;
      try {
        profile = await client.getUser(user.userId, user.token);
        profileError = null;
        save({ ...user, email: profile.email, profile });
        emit();
      } catch (e) {
        const status = e instanceof WidgetApiError ? e.status : 0;
        if (status === 401 || status === 400) actor.send({ type: "signIn.expired" });
        profileError = { message: (e as Error).message, code: PROFILE_ERROR_CODES.load };
        emit();
      }
    },
    saveProfile: (input: EndUserProfileUpdate) =>
      withBusy(async () => {
        try {
          if (!user.token) throw new WidgetApiError("Unknown error", 401);
          const { vehicles, ...rest } = await client.putUser(user.userId, user.token, input);
          profile = { ...rest, vehicles: vehicles ?? profile?.vehicles ?? [] };
          profileError = null;
          save({ ...user, email: profile.email, profile });
          return true;
        } catch (e) {
          profileError = {
            message: (e as Error).message,
            code: signedIn() ? PROFILE_ERROR_CODES.saveSignedIn : PROFILE_ERROR_CODES.saveSignedOut,
          };
          return false;
        }
      }),
    saveVehicles: (vehicles: Vehicle[]) =>
      withBusy(async () => {
        try {
          if (!user.token) throw new WidgetApiError("Unknown error", 401);
          const saved = await client.putVehicles(user.userId, user.token, vehicles);
          profile = { ...(profile ?? {}), vehicles: saved };
          profileError = null;
          save({ ...user, profile });
          return true;
        } catch (e) {
          profileError = {
            message: (e as Error).message,
            code: signedIn() ? PROFILE_ERROR_CODES.saveSignedIn : PROFILE_ERROR_CODES.saveSignedOut,
          };
          return false;
        }
      }),
  };
}
export type Account = ReturnType<typeof createAccount>;
