import { describe, expect, it } from "vitest";
import { contactsOf } from "./personalized-specials.ts";

/** How a bulk text becomes contacts: rows numbered as the user sees them, header found or not. */
describe("contactsOf", () => {
  it("reads one contact per line without a header, skipping blank lines but keeping their numbers", () => {
    expect(contactsOf("a@example.com\n\n(555) 010-2030\n")).toEqual({
      contacts: [
        { row: 1, value: "a@example.com", kind: "email", key: "a@example.com" },
        { row: 3, value: "(555) 010-2030", kind: "phone", key: "+15550102030" },
      ],
      errors: [],
    });
  });

  it("reads a spreadsheet's CSV: byte-order mark, CRLF, quoted cells, the e-mail column, phone as fallback", () => {
    const csv =
      '\uFEFFFull name,Phone number,E-Mail\r\n"Doe, Ann",,Ann@Example.com\r\nBob,+44 20 7946 0958,\r\nCy,,\r\n';
    expect(contactsOf(csv)).toEqual({
      contacts: [
        { row: 2, value: "Ann@Example.com", kind: "email", key: "ann@example.com" },
        { row: 3, value: "+44 20 7946 0958", kind: "phone", key: "+442079460958" },
      ],
      errors: [],
    });
  });

  it("takes the first column under a header that names neither, and reports cells that are no contact", () => {
    expect(contactsOf("Contact;Note\nnot-an@email;x\nhello;y\n")).toEqual({
      contacts: [],
      errors: [
        { row: 2, value: "not-an@email", message: "invalid email" },
        { row: 3, value: "hello", message: "invalid phone number" },
      ],
    });
  });

  it("treats a lone word as a bad contact, not as a header", () => {
    expect(contactsOf("hello")).toEqual({
      contacts: [],
      errors: [{ row: 1, value: "hello", message: "invalid phone number" }],
    });
  });
});
