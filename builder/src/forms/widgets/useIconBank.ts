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
