import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { setApiHooks } from "./api.ts";
import type { Notice } from "./NoticeHolder.tsx";

// antd's message (with its motion and notice list) loads with the first notice, not with the sign-in page
// (issue 19: at most 150 KB of JS there).
const NoticeHolder = lazy(() => import("./NoticeHolder.tsx"));

/**
 * spec §8 notification levels for the whole console, above the routes: a notice given just before a
 * navigation (sign-up's 'Account created') outlives the page that gave it.
 */
export function Notices() {
  const [queue, setQueue] = useState<Notice[]>([]);
  // Once loaded the holder stays: unmounting it would take the notices on screen with it.
  const [wanted, setWanted] = useState(false);
  useEffect(
    () =>
      setApiHooks({
        notify: (level, text) => {
          setWanted(true);
          setQueue((q) => [...q, { level, text }]);
        },
      }),
    [],
  );
  const taken = useCallback((n: number) => setQueue((q) => q.slice(n)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <NoticeHolder queue={queue} taken={taken} />
    </Suspense>
  ) : null;
}
