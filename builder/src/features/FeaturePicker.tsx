import { PlusOutlined, SearchOutlined } from "@ant-design/icons";
import { Button, Dropdown, Input, type InputRef, type MenuProps } from "antd";
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { defaultFeatureIcon } from "../../../core/index.ts";
import { addableTypes } from "./featureRoutes.ts";
import { type FeatureEntry, searchFeatures } from "./featureSearch.ts";
import "./FeaturePicker.css";

/**
 * What each built-in type does, in a line (FeatureModule has no field for it). A type not listed here (a
 * partner's) shows its own `description` if its module carries one.
 */
export const FEATURE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  ClickToCall: "Calls your business in one tap",
  ClickToLink: "Opens one of the integrated screens, such as the glovebox",
  ClickToDirections: "Shows the way to your address in the map app",
  ClickToExternalApp: "Opens another app, or its store page",
  ClickToEmail: "Starts an email to you",
  ClickToReference: "Opens another feature of the app",
  WebLink: "Opens a web page",
  ClickToText: "Starts a text message to you",
  Email: "A message form that arrives in your inbox",
  ContactUs: "Departments with their phone numbers, emails and addresses",
  Coupons: "Your coupons and specials",
  Events: "Your promotions and events",
  ReferralProgram: "Lets customers refer a friend",
  Loyalty: "A stamp card: a stamp a visit, a reward when it is full",
  Loyalty2: "Loyalty programs with points and rewards",
  Form: "A form you design, with your own questions",
  Menu: "A list of other features under one button",
  PopUp: "A message shown when the app opens",
  BrandedOemAppSelect: "Links to the manufacturers' own apps",
  BrandedRoadsideAssistance: "Calls roadside assistance",
  BrandedBookYourService: "Books a service appointment online",
  DealershipSelector: "Lets customers choose their dealership",
};

const entriesOf = (): FeatureEntry[] =>
  addableTypes().map((m) => ({
    type: m.type,
    label: m.label,
    description:
      FEATURE_DESCRIPTIONS[m.type] ??
      ((m as { description?: unknown }).description as string | undefined) ??
      "",
  }));

/**
 * "Add feature" (issue 19): the types with their icons and what they do, and a search box. It stays a
 * menu (menu items named by the type's name) so the keyboard moves through it as before; typing in the
 * search box filters it, the Down arrow goes into it and Enter takes the first match.
 */
export function FeaturePicker({ onPick }: { onPick(type: string): void }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const search = useRef<InputRef>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Read on every open: partner types may have registered since.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `open` is the moment to read the registry again.
  const entries = useMemo(entriesOf, [open]);
  const shown = useMemo(() => searchFeatures(entries, query), [entries, query]);
  useEffect(() => {
    if (open) requestAnimationFrame(() => search.current?.focus());
  }, [open]);

  const pick = (type: string) => {
    setOpen(false);
    setQuery("");
    onPick(type);
  };
  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      panel.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus();
    } else if (e.key === "Enter" && shown[0]) {
      e.preventDefault();
      pick(shown[0].type);
    } else if (e.key === "Escape") setOpen(false);
  };
  const items: MenuProps["items"] = shown.map((entry) => ({
    key: entry.type,
    // The name alone is the item's accessible name (the description is hidden from the name and read
    // as the item's description instead), so "Click to call" still finds it.
    "aria-describedby": entry.description ? `feature-picker-${entry.type}` : undefined,
    icon: <img src={defaultFeatureIcon(entry.type)} alt="" className="feature-picker-icon" />,
    label: (
      <span className="feature-picker-text">
        <span className="feature-picker-name">{entry.label}</span>
        {entry.description ? (
          <span id={`feature-picker-${entry.type}`} className="feature-picker-description" aria-hidden="true">
            {entry.description}
          </span>
        ) : null}
      </span>
    ),
  }));
  return (
    <Dropdown
      // A click (or Enter) opens it: hover menus shut when the pointer slips and are out of the keyboard's reach.
      trigger={["click"]}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setQuery("");
      }}
      menu={{ items, onClick: ({ key }) => pick(key) }}
      popupRender={(menu) => (
        <div className="feature-picker" ref={panel}>
          <Input
            ref={search}
            className="feature-picker-search"
            aria-label="Search features"
            placeholder="Search features"
            prefix={<SearchOutlined aria-hidden="true" />}
            allowClear
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onSearchKey}
          />
          {shown.length ? (
            menu
          ) : (
            <p className="feature-picker-empty" role="status">
              No feature type matches “{query}”.
            </p>
          )}
        </div>
      )}
    >
      <Button type="primary" icon={<PlusOutlined aria-hidden="true" />}>
        Add feature
      </Button>
    </Dropdown>
  );
}
