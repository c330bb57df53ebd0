import { lazy, useEffect, useState } from "react";
import { registerIntegrationScreen } from "./registry.tsx";

/**
 * The widget's dealer-data screens (issue 16): glovebox and tca_contracts always, inventory and
 * inventory_favorites once the app has vehicles, so real visitors get the dealer's stock instead of a link
 * note. The screens' code loads on first use (the first view stays small); this file only checks for data,
 * registers and keeps the calls' settings the screens read.
 */
export interface InventoryConfig {
  /** The API's origin + /api. */
  base: string;
  appId: string;
  /** The signed-in end user (favourites are kept on the server for them), else null. */
  user: { id: string; token: string } | null;
  track: (name: string, data?: Record<string, unknown>) => void;
}

let config: InventoryConfig | null = null;
export const inventoryConfig = (): InventoryConfig | null => config;

const InventoryScreen = lazy(async () => ({ default: (await import("./Inventory.tsx")).InventoryScreen }));
const FavoritesScreen = lazy(async () => ({ default: (await import("./Inventory.tsx")).FavoritesScreen }));
const GloveboxScreen = lazy(async () => ({
  default: (await import("./InventoryGlovebox.tsx")).GloveboxScreen,
}));
const ContractsScreen = lazy(async () => ({
  default: (await import("./InventoryGlovebox.tsx")).ContractsScreen,
}));

/** Asks the server whether the app has any vehicle (one result, no facets needed). */
async function hasInventory(base: string, appId: string): Promise<boolean> {
  try {
    const res = await fetch(`${base}/mobile/inventory/search`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-app": appId },
      body: JSON.stringify({ pageSize: 1 }),
    });
    if (!res.ok) return false;
    const body = (await res.json()) as { data?: { total?: number } };
    return (body.data?.total ?? 0) > 0;
  } catch {
    return false;
  }
}

/** Keeps the screens' settings current and registers them while the app has vehicles. */
export function useInventoryScreens(next: InventoryConfig | null): void {
  config = next;
  const appId = next?.appId;
  const base = next?.base;
  const [, setRegistered] = useState(false);
  // The customer's own records (glovebox, tca_contracts) have a screen in every app: 'No Records' when empty.
  useEffect(() => {
    if (!appId) return;
    const removals = [
      registerIntegrationScreen("glovebox", { Screen: GloveboxScreen }),
      registerIntegrationScreen("tca_contracts", { Screen: ContractsScreen }),
    ];
    return () => {
      for (const remove of removals) remove();
    };
  }, [appId]);
  useEffect(() => {
    if (!appId || !base) return;
    let live = true;
    let removals: (() => void)[] = [];
    void hasInventory(base, appId).then((has) => {
      if (!live || !has) return;
      removals = [
        registerIntegrationScreen("inventory", { Screen: InventoryScreen }),
        registerIntegrationScreen("inventory_favorites", { Screen: FavoritesScreen }),
      ];
      // The home entries read the registry when they render: render again now that they can show.
      setRegistered(true);
    });
    return () => {
      live = false;
      for (const remove of removals) remove();
      setRegistered(false);
    };
  }, [appId, base]);
}
