import { expect } from "@esm-bundle/chai";
import { createApp, loadScript, newAccount, until } from "./helpers.js";

// The shipped element bundle, served by the real server through the proxy.
await import("/sdk/brand-app.js");

let token;
before(async () => {
  token = await newAccount();
});

afterEach(() => {
  document.body.innerHTML = "";
});

describe("<brand-app>", () => {
  it("reads /api/mobile/app and renders name, logo and cover in an open shadow root", async () => {
    const appId = await createApp(token, {
      name: "Element Motors",
      logo: "/api/images/l.png",
      cover: "/api/images/c.png",
    });
    const el = document.createElement("brand-app");
    el.setAttribute("app-id", appId);
    document.body.appendChild(el);

    expect(el.shadowRoot?.mode).to.equal("open");
    const name = await until(() => el.shadowRoot.querySelector(".ba-name"));
    expect(name.textContent).to.equal("Element Motors");
    // The server's root-relative paths arrive absolute on the API's origin (here the page's, through the proxy).
    expect(el.shadowRoot.querySelector(".ba-logo").getAttribute("src")).to.equal(
      `${location.origin}/api/images/l.png`,
    );
    expect(el.shadowRoot.querySelector(".ba-cover").getAttribute("src")).to.equal(
      `${location.origin}/api/images/c.png`,
    );
    // Nothing of the widget lands in the host document.
    expect(document.querySelector(".ba-name")).to.equal(null);
  });

  it("shows the server's message for an unknown app", async () => {
    const el = document.createElement("brand-app");
    el.setAttribute("app-id", "00000000-0000-4000-8000-000000000000");
    document.body.appendChild(el);
    const status = await until(() => el.shadowRoot.querySelector(".ba-error"));
    expect(status.textContent).to.equal("App not found");
  });
});

describe("embed.js loader", () => {
  it("mounts <brand-app> into the named container with its app id", async () => {
    const appId = await createApp(token, { name: "Loader Motors" });
    const container = document.createElement("div");
    container.id = "brand-app";
    container.setAttribute("data-app-id", appId);
    document.body.appendChild(container);
    await loadScript(`/sdk/embed.js?mount=${Date.now()}`);
    const el = await until(() => container.querySelector("brand-app"));
    expect(el.getAttribute("app-id")).to.equal(appId);
    const name = await until(() => el.shadowRoot?.querySelector(".ba-name"));
    expect(name.textContent).to.equal("Loader Motors");
  });

  it("warns in the console when the container is missing", async () => {
    const warnings = [];
    const original = console.warn;
    console.warn = (...args) => warnings.push(args.join(" "));
    try {
      await loadScript(`/sdk/embed.js?missing=${Date.now()}`);
    } finally {
      console.warn = original;
    }
    expect(warnings).to.deep.equal([
      "brand-app: no container with the app id was found on this page. Copy the full script from the portal.",
    ]);
  });
});
