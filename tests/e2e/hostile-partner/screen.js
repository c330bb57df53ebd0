/**
 * Test only: a hostile partner screen. It tries to reach what a partner must not (the parent page, the
 * storage where the end user's token lives, the network) and lists each attempt's outcome, so the test sees
 * the browser refused them all. It also lists its own origin and the props it was given.
 */

async function attempt(name, probe) {
  try {
    const got = await probe();
    return `${name}: reached ${String(got).slice(0, 80)}`;
  } catch (err) {
    return `${name}: blocked (${err?.name ?? "Error"})`;
  }
}

const withTimeout = (promise) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 3000))]);

export function mount(root, props) {
  const list = document.createElement("ul");
  list.setAttribute("aria-label", props.t("heading"));
  root.replaceChildren(list);
  const show = (line) => {
    const item = document.createElement("li");
    item.textContent = line;
    list.append(item);
  };
  show(`origin: ${self.origin}`);
  show(`props: ${Object.keys(props).sort().join(",")}`);
  void (async () => {
    show(await attempt("parent.document", () => window.parent.document.title));
    show(await attempt("top.localStorage", () => JSON.stringify(window.top.localStorage)));
    show(await attempt("localStorage", () => JSON.stringify(window.localStorage)));
    show(await attempt("sessionStorage", () => JSON.stringify(window.sessionStorage)));
    show(await attempt("document.cookie", () => document.cookie));
    show(
      await attempt("indexedDB.open", () =>
        withTimeout(
          new Promise((resolve, reject) => {
            const req = indexedDB.open("brand-app");
            req.onsuccess = () => resolve("a database");
            req.onerror = () => reject(req.error);
          }),
        ),
      ),
    );
    show(
      await attempt("fetch", () => withTimeout(fetch("/api/mobile/partner-screens").then((r) => r.status))),
    );
    show("done");
  })();
  return () => root.replaceChildren();
}
