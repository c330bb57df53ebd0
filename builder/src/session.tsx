import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from "react";
import type { Me } from "../../schemas/index.ts";
import { api, setUnauthorizedHandler, tokenStore } from "./api.ts";

interface Session {
  me: Me | null;
  loading: boolean;
  signIn(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/** Signed in once the token is stored and the profile fetched; a 401 anywhere signs out. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const me = useQuery({
    queryKey: ["me"],
    queryFn: () => (tokenStore.get() ? api<Me>("/accounts/me", { timeout: 5000 }) : null),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => setUnauthorizedHandler(() => qc.setQueryData(["me"], null)), [qc]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const token = await api<string>("/accounts/sign-in", {
        method: "POST",
        body: { email, password },
        keep401: true,
      });
      tokenStore.set(token);
      qc.setQueryData(["me"], await api<Me>("/accounts/me", { timeout: 5000 }));
    },
    [qc],
  );
  const signOut = useCallback(async () => {
    await api("/accounts/sign-out", { method: "DELETE" }).catch(() => undefined);
    tokenStore.clear();
    qc.clear();
    qc.setQueryData(["me"], null);
  }, [qc]);

  const value = useMemo(
    () => ({ me: me.data ?? null, loading: me.isLoading, signIn, signOut }),
    [me.data, me.isLoading, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error("useSession outside SessionProvider");
  return s;
}
