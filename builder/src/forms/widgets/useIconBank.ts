import { useQuery } from "@tanstack/react-query";
import { api } from "../../api.ts";

interface CategoryView {
  category: string;
  iconCount: number;
  preview: string;
}

/** The icon bank (GET /icon-categories, /icons/{category}); the first category until one is chosen. */
export function useIconBank(chosen: string | undefined, domainType?: string) {
  const query = domainType ? { domainType } : undefined;
  const categories = useQuery({
    queryKey: ["icon-categories", domainType],
    queryFn: () => api<CategoryView[]>("/icon-categories", { query }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const category = chosen ?? categories.data?.[0]?.category;
  const icons = useQuery({
    queryKey: ["icons", category, domainType],
    queryFn: () => api<{ icons: string[] }>(`/icons/${encodeURIComponent(category!)}`, { query }),
    enabled: Boolean(category),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return {
    category,
    categories: categories.data ?? [],
    icons: icons.data?.icons ?? [],
    loading: categories.isLoading || (Boolean(category) && icons.isLoading),
  };
}

/**
 * Icons of every category the app sees whose name holds each word typed (GET /gallery/{x}); nothing while
 * the search is empty. The text is trimmed and lower-cased so "Car " and "car" share one request.
 */
export function useIconSearch(text: string, domainType?: string) {
  const x = iconSearchText(text);
  const query = domainType ? { domainType } : undefined;
  const found = useQuery({
    queryKey: ["icon-search", x, domainType],
    queryFn: () => api<string[]>(`/gallery/${encodeURIComponent(x)}`, { query }),
    enabled: x !== "",
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { searching: x !== "", icons: found.data ?? [], loading: x !== "" && found.isLoading };
}

/** What a typed search asks the bank for: its words, lower case, one space apart ("" for none). */
export const iconSearchText = (text: string): string =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join(" ")
    .slice(0, 100)
    .trim();
