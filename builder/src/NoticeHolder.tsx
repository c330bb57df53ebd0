import { message } from "antd";
import { useEffect } from "react";
import { Theme } from "./Theme.tsx";

export interface Notice {
  level: "success" | "danger" | "warning";
  text: string;
}

/** Shows the queued notices on antd's message (inside the theme, so with its contrast colours). */
export default function NoticeHolder({ queue, taken }: { queue: Notice[]; taken(n: number): void }) {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    if (!queue.length) return;
    for (const { level, text } of queue) {
      if (level === "success") api.success(text);
      else if (level === "warning") api.warning(text);
      else api.error(text);
    }
    taken(queue.length);
  }, [queue, api, taken]);
  return <Theme>{holder}</Theme>;
}
