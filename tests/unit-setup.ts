/**
 * Before each unit test file: the files of a worker share one happy-dom window (isolate: false in
 * vite.config.ts), so each starts from an empty document and empty storage, as it would in a window of its own.
 */
if (typeof document !== "undefined") {
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.documentElement.removeAttribute("lang");
  document.documentElement.removeAttribute("dir");
  localStorage.clear();
  sessionStorage.clear();
  for (const key of ["dataLayer", "gtag"]) delete (window as unknown as Record<string, unknown>)[key];
}
