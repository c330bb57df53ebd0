import { afterEach, describe, expect, it, vi } from "vitest";
import { baseDefinition, type Rendered, renderApp, uuid } from "../test/render.tsx";

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const open = (feature: Record<string, unknown>, over: Record<string, unknown> = {}) =>
  renderApp({
    featureId: uuid(1),
    mode: "preview",
    appId: "app-42",
    definition: baseDefinition({
      website: "https://sunrise.example",
      features: [{ id: uuid(1), ...feature }] as never,
    }),
    ...over,
  });

describe("contact us", () => {
  it("shows logo, name, website and address rows, groups, only methods with a value, and the labels", async () => {
    view = await open({
      type: "ContactUs",
      title: "Contact Us",
      address: "1 Main St, Springfield",
      groups: [
        {
          name: "Service",
          image: "https://img.example/service.png",
          methods: [
            { type: "PhoneNumber", value: "(555) 555-1234", extras: { ext: "12" } },
            { type: "MobileNumber", value: "" },
            { type: "Texting", value: "5555550000" },
            { type: "Email", value: "service@sunrise.example" },
            { type: "Website", value: "sunrise.example/service" },
            { type: "Link", value: "https://sunrise.example/book", displayName: "Book online" },
            { type: "Address", value: "2 Side St" },
          ],
        },
      ],
    });
    expect(view.$("[data-page=contactUs]")).not.toBeNull();
    expect(view.$(".ba-contact-logo")?.getAttribute("src")).toBe("https://img.example/logo.png");
    expect(view.$(".ba-contact-name")?.textContent).toBe("Sunrise Motors");
    const rows = view
      .$$(".ba-row")
      .map((r) => [r.querySelector(".ba-row-text")?.textContent, r.querySelector("a")?.textContent]);
    expect(rows).toEqual([
      ["https://sunrise.example", "Open"],
      ["1 Main St, Springfield", "Address"],
      ["(555) 555-1234 ext. 12", "Call"],
      ["5555550000", "Message"],
      ["service@sunrise.example", "Email"],
      ["sunrise.example/service", "Open"],
      ["Book online", "Open"],
      ["2 Side St", "Address"],
    ]);
    const hrefs = view.$$(".ba-group .ba-row a").map((a) => a.getAttribute("href"));
    expect(hrefs.slice(0, 4)).toEqual([
      "tel:5555551234,12",
      "sms:5555550000",
      "mailto:service@sunrise.example",
      "http://sunrise.example/service",
    ]);
    expect(view.$(".ba-group-title")?.textContent).toBe("Service");
  });

  it("speaks Spanish", async () => {
    view = await open(
      {
        type: "ContactUs",
        title: "Contacto",
        groups: [{ name: "Ventas", methods: [{ type: "PhoneNumber", value: "5551234" }] }],
      },
      { lang: "es" },
    );
    expect(view.$(".ba-group .ba-row a")?.textContent).toBe("Llamar");
  });
});

describe("click to call", () => {
  it("says 'Calling {number}' and Cancel goes back", async () => {
    const onBack = vi.fn();
    view = await open({ type: "ClickToCall", title: "Call", phone: "(555) 555-0100" }, { onBack });
    expect(view.$(".ba-calling-title")?.textContent).toBe("Calling (555) 555-0100");
    await view.click(view.button("Cancel"));
    expect(view.$("[data-page=home] .ba-name")).not.toBeNull();
  });

  it("links the number in the widget", async () => {
    view = await open({ type: "ClickToCall", title: "Call", phone: "(555) 555-0100" }, { mode: "widget" });
    expect(view.$(".ba-calling-title a")?.getAttribute("href")).toBe("tel:5555550100");
  });
});

describe("click to email", () => {
  it("shows read-only From, To, Subject and Message with Send and Cancel", async () => {
    view = await open({
      type: "ClickToEmail",
      title: "Email Us",
      email: "sales@sunrise.example",
      subject: "Hello",
      message: "I'd like a quote",
    });
    const fields = view
      .$$(".ba-field")
      .map((f) => [
        f.querySelector("label")?.textContent,
        (f.querySelector("input, textarea") as HTMLInputElement).value,
        (f.querySelector("input, textarea") as HTMLInputElement).readOnly,
      ]);
    expect(fields).toEqual([
      ["From", "", true],
      ["To", "sales@sunrise.example", true],
      ["Subject", "Hello", true],
      ["Message", "I'd like a quote", true],
    ]);
    expect(view.button("Send").getAttribute("href")).toBe(
      "mailto:sales@sunrise.example?subject=Hello&body=I%27d%20like%20a%20quote",
    );
    expect(view.button("Cancel")).toBeTruthy();
  });
});

describe("texting", () => {
  it("titles with the number, shows a sample bubble and a read-only input", async () => {
    view = await open({ type: "ClickToText", title: "Text", phone: "555-0101" });
    expect(view.$(".ba-bar-title")?.textContent).toBe("555-0101");
    expect(view.$(".ba-bubble")?.textContent).toBe("Hi! I have a question.");
    expect((view.$(".ba-chat-input input") as HTMLInputElement).readOnly).toBe(true);
  });
});

describe("directions", () => {
  it("embeds a maps view with the address as query", async () => {
    view = await open({ type: "ClickToDirections", title: "Directions", address: "1 Main St, Springfield" });
    const frame = view.$("iframe.ba-map");
    expect(frame?.getAttribute("src")).toBe(
      "https://maps.google.com/maps?q=1%20Main%20St%2C%20Springfield&output=embed",
    );
    expect(frame?.getAttribute("title")).toBe("Map of 1 Main St, Springfield");
  });
});

describe("web link", () => {
  it("says 'PREVIEW IS NOT AVAILABLE' and opens the normalised link", async () => {
    view = await open({
      type: "WebLink",
      title: "Shop",
      link: " shop.example/?app=[$appId]&loc=[$location]",
    });
    expect(view.$(".ba-weblink-note")?.textContent).toBe("PREVIEW IS NOT AVAILABLE");
    const link = view.button("Open Link In Browser");
    expect(link.getAttribute("href")).toBe("http://shop.example/?app=app-42&loc=");
    expect(link.getAttribute("target")).toBe("_blank");
  });

  it("hands links to onOpenLink when given", async () => {
    const onOpenLink = vi.fn();
    view = await open({ type: "WebLink", title: "Shop", link: "https://shop.example" }, { onOpenLink });
    await view.click(view.button("Open Link In Browser"));
    expect(onOpenLink).toHaveBeenCalledWith("https://shop.example");
  });

  it("never renders a javascript: link", async () => {
    view = await open({ type: "WebLink", title: "Bad", link: "javascript:alert(document.cookie)" });
    expect(view.$("a[href^=javascript]")).toBeNull();
    expect(view.text()).not.toContain("Open Link In Browser");
  });
});

/** Types into a field as a person would (React's onChange listens to input events). */
async function type(input: HTMLInputElement, text: string) {
  const { act } = await import("react");
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, text);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

describe("custom form", () => {
  const fields = [
    { name: "Name", type: "Text" },
    { name: "Story", type: "Text", long: true },
    { name: "Email", type: "Email", description: "We reply within a day" },
    { name: "Phone", type: "Phone" },
    { name: "Visits", type: "Number" },
    { name: "When", type: "Date" },
    { name: "Notes", type: "TextArea" },
    { name: "Subscribe", type: "Checkbox" },
    { name: "Dept", type: "Select", options: ["Sales", "Service", " "] },
    { name: "To", type: "Recipient", options: ["Sales", "Parts"], values: ["a@x.example", "b@x.example"] },
    { name: "Signature", type: "Signature" },
  ];

  it("draws fields by type, skips unsupported ones, and says 'Submit'", async () => {
    view = await open({ type: "Form", title: "Contact Form", fields });
    const controls = view.$$(".ba-field").map((f) => {
      const c = f.querySelector("input, textarea, select") as HTMLInputElement;
      return [f.querySelector("label")?.textContent, c.tagName.toLowerCase(), c.type];
    });
    expect(controls).toEqual([
      ["Name", "input", "text"],
      ["Story", "textarea", "textarea"],
      ["Email", "input", "email"],
      ["Phone", "input", "tel"],
      ["Visits", "input", "number"],
      ["When", "input", "date"],
      ["Notes", "textarea", "textarea"],
      ["Subscribe", "input", "checkbox"],
      ["Dept", "select", "select-one"],
      ["To", "select", "select-one"],
    ]);
    expect(view.$$("select")[0].querySelectorAll("option")).toHaveLength(3); // Choose…, Sales, Service
    expect(view.text()).toContain("We reply within a day");
    expect(view.$("button[type=submit]")?.textContent).toBe("Submit");
  });

  it("uses the custom submit text and sends the values by field name", async () => {
    const onSubmitForm = vi.fn();
    view = await open(
      {
        type: "Form",
        title: "Quote",
        submitText: "Get my quote",
        fields: fields.slice(0, 1).concat(fields[7]),
      },
      { onSubmitForm },
    );
    const input = view.$("input[type=text]") as HTMLInputElement;
    const { act } = await import("react");
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
      setter?.call(input, "Ann");
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await view.click(view.button("Get my quote"));
    expect(onSubmitForm).toHaveBeenCalledWith(expect.objectContaining({ id: uuid(1) }), {
      Name: "Ann",
      Subscribe: false,
    });
  });

  it("thanks after a successful submit and shows the server's message on failure", async () => {
    const onSubmitForm = vi
      .fn()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new Error("Network Error"));
    view = await open({ type: "Form", title: "Quote", fields: fields.slice(0, 2) }, { onSubmitForm });
    await type(view.$("input[type=text]") as HTMLInputElement, "Ann");
    await view.click(view.button("Submit"));
    expect(view.$(".ba-message-success")?.textContent).toContain("Thank you!");
    await type(view.$("input[type=text]") as HTMLInputElement, "Ann");
    await view.click(view.button("Submit"));
    expect(view.$(".ba-message-danger .ba-message-title")?.textContent).toBe("Network Error");
    expect(view.$(".ba-message-danger")?.getAttribute("role")).toBe("alert");
  });

  it("names the first field of an empty form, sends nothing, and clears the error once a field changes", async () => {
    const onSubmitForm = vi.fn();
    view = await open(
      { type: "Form", title: "Quote", fields: [fields[0], fields[7]] },
      { onSubmitForm, lang: "es" },
    );
    await view.click(view.button("Enviar"));
    expect(onSubmitForm).not.toHaveBeenCalled();
    const name = view.$("input[type=text]") as HTMLInputElement;
    expect(view.$(".ba-field .ba-error")?.textContent).toBe("Name: el valor no puede estar vacío");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(name.getAttribute("aria-describedby")).toBe(view.$(".ba-field .ba-error")?.id);
    expect(document.activeElement).toBe(name);
    await type(name, "Ann");
    expect(view.$(".ba-field .ba-error")).toBeNull();
    await view.click(view.button("Enviar"));
    expect(onSubmitForm).toHaveBeenCalledWith(expect.anything(), { Name: "Ann", Subscribe: false });
  });
});
