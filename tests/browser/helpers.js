/** Browser-side helpers for the custom-element tests: real API calls through the proxied server. */
export async function api(path, { method = "GET", body, token } = {}) {
  const res = await fetch(`/api${path}`, {
    method,
    headers: {
      ...(body ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Signs up a fresh account and returns its token. */
export async function newAccount() {
  const email = `wtr-${Math.random().toString(36).slice(2)}@example.com`;
  await api("/accounts/sign-up", { method: "POST", body: { email, password: "secret-pass" } });
  return api("/accounts/sign-in", { method: "POST", body: { email, password: "secret-pass" } });
}

/** Creates an app and returns its id. */
export async function createApp(token, definition) {
  return (await api("/apps", { method: "POST", body: { definition }, token })).appId;
}

/** Polls until fn returns a truthy value (or throws after the timeout). */
export async function until(fn, timeout = 10000) {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${fn}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Loads a classic script (the paste-in loader) and resolves when it ran. */
export function loadScript(src) {
  return new Promise((resolve, reject) => {
    const s = document.createElement("script");
    s.async = true;
    s.src = src;
    s.onload = resolve;
    s.onerror = reject;
    document.body.appendChild(s);
  });
}
