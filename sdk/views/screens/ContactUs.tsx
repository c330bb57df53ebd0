import { CONTACT_ACTION_LABELS, methodText, visibleMethods } from "../../../core/rules.ts";
import type { ContactGroup, ContactMethod } from "../../../schemas/index.ts";
import { useView } from "../context.ts";
import { mailHref, safeImage, safeUrl, smsHref, telHref } from "../safe-url.ts";
import type { AnyFeature } from "../types.ts";
import { Screen } from "../ui/Screen.tsx";
import { StaffDirectory } from "./StaffDirectory.tsx";

/** Label keys of the spec's action labels (core CONTACT_ACTION_LABELS), so Spanish gets its own words. */
const LABEL_KEYS: Record<string, string> = {
  Call: "contact.call",
  Message: "contact.message",
  Email: "contact.email",
  Open: "contact.open",
  Address: "contact.address",
};

const mapsHref = (address: string) => `https://maps.google.com/?q=${encodeURIComponent(address)}`;

/** Where a method's action goes: a phone call, a text, an e-mail, a web page or a map. */
function methodHref(method: ContactMethod): string | undefined {
  const value = method.value?.trim() ?? "";
  switch (method.type) {
    case "PhoneNumber":
    case "MobileNumber":
      return telHref(method.extras?.ext ? `${value},${method.extras.ext}` : value);
    case "Texting":
      return smsHref(value);
    case "Email":
      return mailHref(value);
    case "Website":
    case "Link":
      return safeUrl(/^[a-z][a-z\d+.-]*:/i.test(value) ? value : `http://${value}`);
    case "Address":
      return mapsHref(value);
  }
}

function Row({ text, label, href }: { text: string; label: string; href?: string }) {
  const external = href?.startsWith("http");
  return (
    <li className="ba-row">
      <span className="ba-row-text">{text}</span>
      {href ? (
        <a
          className="ba-button ba-button-small"
          href={href}
          aria-label={`${label}: ${text}`}
          {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        >
          {label}
        </a>
      ) : null}
    </li>
  );
}

function Group({ group }: { group: ContactGroup }) {
  const { t } = useView();
  const image = safeImage(group.image);
  const methods = visibleMethods(group.methods);
  return (
    <section className="ba-group">
      <h3 className="ba-group-title">
        {image ? <img className="ba-group-image" src={image} alt="" /> : null}
        {group.name}
      </h3>
      {methods.length ? (
        <ul className="ba-rows">
          {methods.map((m, i) => (
            <Row
              // biome-ignore lint/suspicious/noArrayIndexKey: methods have no id and may repeat
              key={i}
              text={m.displayName?.trim() || methodText(m)}
              label={t(LABEL_KEYS[CONTACT_ACTION_LABELS[m.type]])}
              href={methodHref(m)}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** spec §2 Contact us: logo, name, the website and address rows, then the groups with their methods. */
export function ContactUsScreen({ feature }: { feature: AnyFeature }) {
  const { t, definition } = useView();
  const logo = safeImage(definition.logo);
  const website = definition.website?.trim();
  const address = typeof feature.address === "string" ? feature.address.trim() : "";
  const groups = (feature.groups as ContactGroup[] | undefined) ?? [];
  return (
    <Screen title={(feature.headerTitle as string) || feature.title || t("contact.groups")} page="contactUs">
      <div className="ba-contact-head">
        {logo ? <img className="ba-contact-logo" src={logo} alt="" /> : null}
        <p className="ba-contact-name">{definition.name}</p>
      </div>
      {website || address ? (
        <ul className="ba-rows">
          {website ? (
            <Row
              text={website}
              label={t("contact.open")}
              href={methodHref({ type: "Website", value: website })}
            />
          ) : null}
          {address ? <Row text={address} label={t("contact.address")} href={mapsHref(address)} /> : null}
        </ul>
      ) : null}
      {groups.map((g, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: groups have no id; their order is the key
        <Group key={i} group={g} />
      ))}
      <StaffDirectory />
    </Screen>
  );
}
