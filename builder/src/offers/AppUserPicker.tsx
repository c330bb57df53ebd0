import { useQuery } from "@tanstack/react-query";
import { Select, Spin } from "antd";
import { useEffect, useState } from "react";
import { api } from "../api.ts";
import { userLabel } from "./logic.ts";
import type { AppUserRef } from "./types.ts";

interface Props {
  appId: string;
  value: AppUserRef | null;
  onChange(user: AppUserRef | null): void;
  id?: string;
  label: string;
  /** Users not to offer (already assigned). */
  exclude?: ReadonlySet<string>;
}

/** A text typed into a search box, settled: the value once it has not changed for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** Finds an app user by e-mail, phone or name (POST /apps/{appId}/users/search), for the service desk. */
export function AppUserPicker({ appId, value, onChange, id, label, exclude }: Props) {
  const [typed, setTyped] = useState("");
  const query = useDebounced(typed.trim(), 300);
  const found = useQuery({
    queryKey: ["app-users", appId, query],
    queryFn: () =>
      api<AppUserRef[]>(`/apps/${appId}/users/search`, {
        method: "POST",
        body: { query, limit: 20 },
        silent: true,
      }),
    enabled: query.length >= 2,
    staleTime: 30_000,
  });
  const users = (found.data ?? []).filter((u) => !exclude?.has(u.id));
  const options = users.map((u) => ({ value: u.id, label: userLabel(u) }));
  if (value && !options.some((o) => o.value === value.id))
    options.unshift({ value: value.id, label: userLabel(value) });
  const searching = found.isFetching || (typed.trim().length >= 2 && typed.trim() !== query);
  let notFound: React.ReactNode = "Type at least 2 characters of an e-mail, phone or name";
  if (searching) notFound = <Spin size="small" />;
  else if (found.error) notFound = (found.error as Error).message;
  else if (query.length >= 2) notFound = "No app user matches";
  return (
    <Select
      id={id}
      aria-label={label}
      className="app-user-picker"
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      allowClear
      placeholder="Search by e-mail, phone or name"
      value={value?.id}
      options={options}
      notFoundContent={notFound}
      onChange={(v) => {
        const picked = v ? (users.find((u) => u.id === v) ?? (value?.id === v ? value : null)) : null;
        onChange(picked);
        setTyped("");
      }}
      style={{ minWidth: 320 }}
    />
  );
}
