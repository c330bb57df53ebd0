import { messages } from "../messages.ts";

/**
 * One valid and one invalid feature per built-in type, with the messages the invalid one must get at each
 * field. Tests use them (server, RJSF forms), and the bench and docs can show real features.
 */
export interface FeatureExample {
  valid: Record<string, unknown>;
  invalid: Record<string, unknown>;
  /** JSON pointer (relative to the feature) -> the spec's message. */
  errors: Record<string, string>;
}

const id = (n: number) => `6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a${String(n).padStart(2, "0")}`;
const base = (n: number, type: string, title: string) => ({ id: id(n), type, title });

export const featureExamples: Record<string, FeatureExample> = {
  ClickToCall: {
    valid: { ...base(1, "ClickToCall", "Call Us"), phone: "+1 (555) 010-2030" },
    invalid: { ...base(1, "ClickToCall", "C"), phone: "12" },
    errors: { "/title": messages.min(2), "/phone": messages.min(4) },
  },
  ClickToLink: {
    valid: { ...base(2, "ClickToLink", "Glovebox"), meta: "glovebox", link: "https://example.com/glovebox" },
    invalid: { ...base(2, "ClickToLink", "Glovebox"), meta: "glovebox", link: "not a url" },
    errors: { "/link": messages.url },
  },
  ClickToDirections: {
    valid: {
      ...base(3, "ClickToDirections", "Directions"),
      address: "1 Main St, Springfield",
      latitude: 40.7,
    },
    invalid: { ...base(3, "ClickToDirections", "Directions"), address: "1 Ma", latitude: 91 },
    errors: { "/address": messages.min(5), "/latitude": messages.between(-90, 90) },
  },
  ClickToExternalApp: {
    valid: {
      ...base(4, "ClickToExternalApp", "Our App"),
      appName: "FordPass",
      iosStoreUrl: "https://apps.apple.com/app/id1",
    },
    invalid: { ...base(4, "ClickToExternalApp", "Our App"), iosStoreUrl: "apps apple" },
    errors: { "/iosStoreUrl": messages.url },
  },
  ClickToEmail: {
    valid: { ...base(5, "ClickToEmail", "Email Us"), email: "sales@example.com", subject: "Hello" },
    invalid: { ...base(5, "ClickToEmail", "Email Us"), email: "sales@example", subject: "H" },
    errors: { "/email": messages.email, "/subject": messages.min(2) },
  },
  ClickToReference: {
    valid: { ...base(6, "ClickToReference", "More"), featureId: id(1) },
    invalid: { ...base(6, "ClickToReference", "More") },
    errors: { "/featureId": messages.required },
  },
  WebLink: {
    valid: { ...base(7, "WebLink", "Website"), link: "example.com/?app=[$appId]" },
    invalid: { ...base(7, "WebLink", "Website"), link: "   " },
    errors: { "/link": messages.required },
  },
  ClickToText: {
    valid: { ...base(8, "ClickToText", "Text Us"), phone: "555-010-2030", message: "Hi there" },
    invalid: { ...base(8, "ClickToText", "Text Us"), phone: "phone number", message: "Hi" },
    errors: { "/phone": messages.phone, "/message": messages.min(5) },
  },
  Email: {
    valid: { ...base(9, "Email", "Email"), recipients: "a@example.com, b@example.com" },
    invalid: { ...base(9, "Email", "Email"), recipients: "a@example.com, b@" },
    errors: { "/recipients": messages.emailList },
  },
  ContactUs: {
    valid: {
      ...base(10, "ContactUs", "Contact Us"),
      groups: [
        {
          name: "Sales",
          methods: [
            { type: "PhoneNumber", value: "(555) 010-2030", extras: { ext: "12" } },
            { type: "Email", value: "sales@example.com" },
            { type: "Website", value: "example.com" },
          ],
        },
      ],
    },
    invalid: {
      ...base(10, "ContactUs", "Contact Us"),
      groups: [{ name: "S", methods: [{ type: "Email", value: "sales" }] }],
    },
    errors: { "/groups/0/name": messages.min(2), "/groups/0/methods/0/value": messages.email },
  },
  Coupons: {
    valid: { ...base(11, "Coupons", "Specials") },
    invalid: { ...base(11, "Coupons", "") },
    errors: { "/title": messages.required },
  },
  Events: {
    valid: { ...base(12, "Events", "Promotions") },
    invalid: { ...base(12, "Events", "P".repeat(33)) },
    errors: { "/title": messages.max(32) },
  },
  ReferralProgram: {
    valid: {
      ...base(13, "ReferralProgram", "Refer"),
      programName: "Friends & Family",
      expiration: "2030-12-31",
    },
    invalid: { ...base(13, "ReferralProgram", "Refer"), programName: "F", expiration: "31/12/2030" },
    errors: { "/programName": messages.min(2), "/expiration": messages.date },
  },
  Loyalty: {
    valid: { ...base(14, "Loyalty", "Loyalty"), stampNumber: 10, code: "12345" },
    invalid: { ...base(14, "Loyalty", "Loyalty"), stampNumber: 1, code: "1234" },
    errors: { "/stampNumber": messages.greaterThan(1), "/code": messages.min(5) },
  },
  Loyalty2: {
    valid: { ...base(15, "Loyalty2", "Rewards"), programs: [{ id: id(50), title: "Oil change club" }] },
    invalid: { ...base(15, "Loyalty2", "Rewards"), programs: [{ id: id(50), title: "O" }] },
    errors: { "/programs/0/title": messages.min(2) },
  },
  Form: {
    valid: {
      ...base(16, "Form", "Contact Form"),
      fields: [
        { name: "Name", type: "Text" },
        {
          name: "Department",
          type: "Recipient",
          options: ["Sales", "Service"],
          values: ["s@x.com", "v@x.com"],
        },
      ],
      recipients: "leads@example.com",
    },
    invalid: {
      ...base(16, "Form", "Contact Form"),
      fields: [
        { name: "N", type: "Text" },
        { name: "Department", type: "Recipient", options: ["Sales", "Service"], values: ["s@x.com", ""] },
      ],
      recipients: "leads@",
    },
    errors: {
      "/fields/0/name": messages.min(2),
      "/fields/1/values": messages.recipientEmailAt(2),
      "/recipients": messages.emailList,
    },
  },
  Menu: {
    valid: { ...base(17, "Menu", "Menu"), items: [{ featureId: id(1), hideFromFeatures: true }] },
    invalid: { ...base(17, "Menu", "Menu"), items: [] },
    errors: { "/items": messages.minItems(1) },
  },
  PopUp: {
    valid: { ...base(18, "PopUp", "Welcome"), message: "Welcome to our new app!" },
    invalid: { ...base(18, "PopUp", "Welcome"), message: "Hi", link: "nope" },
    errors: { "/message": messages.min(5), "/link": messages.url },
  },
  BrandedOemAppSelect: {
    valid: { ...base(19, "BrandedOemAppSelect", "Brand Apps"), presets: ["fordpass"] },
    invalid: { ...base(19, "BrandedOemAppSelect", "Brand Apps"), presets: [] },
    errors: { "/presets": messages.minItems(1) },
  },
  BrandedRoadsideAssistance: {
    valid: { ...base(20, "BrandedRoadsideAssistance", "Roadside"), phone: "1-800-555-0100" },
    invalid: { ...base(20, "BrandedRoadsideAssistance", "Roadside"), phone: "1".repeat(25) },
    errors: { "/phone": messages.max(24) },
  },
  BrandedBookYourService: {
    valid: { ...base(21, "BrandedBookYourService", "Book Service"), link: "https://example.com/book" },
    invalid: { ...base(21, "BrandedBookYourService", "Book Service"), link: "https://" },
    errors: { "/link": messages.url },
  },
  DealershipSelector: {
    valid: {
      ...base(22, "DealershipSelector", "Locations"),
      dealerships: [{ name: "Downtown", phone: "(555) 010-2030", website: "https://example.com" }],
    },
    invalid: { ...base(22, "DealershipSelector", "Locations"), dealerships: [{ name: "D", website: "x" }] },
    errors: { "/dealerships/0/name": messages.min(2), "/dealerships/0/website": messages.url },
  },
};
