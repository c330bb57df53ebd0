import { type ReactNode, useId, useState } from "react";

/** spec §9: the panel's open/close transition. styles.ts uses the same value. */
export const COLLAPSE_MS = 150;

export interface CollapseItem {
  key: string;
  title: ReactNode;
  content: ReactNode;
}

/**
 * The collapsible panel (spec §2): one item open at a time, and clicking the open one closes it. Closed
 * bodies stay in the DOM (inert) so the 150 ms height transition has something
 * to animate.
 */
export function Collapse({ items, initialOpen }: { items: CollapseItem[]; initialOpen?: string }) {
  const [open, setOpen] = useState<string | undefined>(initialOpen);
  const id = useId();
  return (
    <div className="ba-collapse">
      {items.map((item, i) => {
        const expanded = open === item.key;
        const headId = `${id}-h${i}`;
        const bodyId = `${id}-b${i}`;
        return (
          <section key={item.key} className={expanded ? "ba-collapse-item ba-open" : "ba-collapse-item"}>
            <h3 className="ba-collapse-head">
              <button
                type="button"
                id={headId}
                aria-expanded={expanded}
                aria-controls={bodyId}
                onClick={() => setOpen(expanded ? undefined : item.key)}
              >
                {item.title}
              </button>
            </h3>
            <section id={bodyId} aria-labelledby={headId} className="ba-collapse-body" inert={!expanded}>
              <div className="ba-collapse-inner">{expanded ? item.content : null}</div>
            </section>
          </section>
        );
      })}
    </div>
  );
}
