/**
 * The widget screen of the trade-in-value package: a form (model year, mileage, condition) and its result
 * (an estimated range and a link to the dealer's valuation provider). It is one ES module without imports,
 * served by the product under /partner/trade-in-value@{version}/screen.js, and draws with plain DOM into the
 * element it is given, using the widget's classes. It runs in a sandboxed frame of its own (opaque origin,
 * no storage, no network): sdk/views/partner.ts documents the props and the isolation.
 */

/** How much a condition keeps of the value. */
const CONDITION = { excellent: 1, good: 0.9, fair: 0.75 };
/** A year of age keeps 85% of the value; every mile takes 8 cents; nothing is worth less than $500. */
const YEARLY = 0.85;
const PER_MILE = 0.08;
const FLOOR = 500;

/** The estimate's range in dollars, rounded to hundreds (±8% around the rule's value). */
export function estimate({ baseValue, year, mileage, condition, now = new Date() }) {
  const age = Math.max(0, now.getFullYear() - year);
  const value = Math.max(FLOOR, baseValue * YEARLY ** age * CONDITION[condition] - mileage * PER_MILE);
  const round = (n) => Math.round(n / 100) * 100;
  return { low: round(value * 0.92), high: round(value * 1.08) };
}

/** Creates an element with a class and text. */
function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

let ids = 0;

/** @param {HTMLElement} root @param {import("../../sdk/views/partner.ts").PartnerScreenProps} props */
export function mount(root, { feature, lang, t, openLink }) {
  const provider = String(feature.provider || "");
  const money = new Intl.NumberFormat(lang === "es" ? "es-US" : "en-US", {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 0,
  });
  const maxYear = new Date().getFullYear() + 1;
  const minYear = maxYear - 30;

  function field(label, input) {
    const id = `ba-trade-in-${++ids}`;
    input.id = id;
    const wrap = el("div", "ba-field");
    const lab = el("label", "", label);
    lab.htmlFor = id;
    wrap.append(lab, input);
    return wrap;
  }

  function showForm() {
    const form = el("form", "ba-form");
    form.noValidate = true;
    const year = el("input");
    year.name = "year";
    year.inputMode = "numeric";
    const mileage = el("input");
    mileage.name = "mileage";
    mileage.inputMode = "numeric";
    const condition = el("select");
    condition.name = "condition";
    for (const key of Object.keys(CONDITION)) {
      const option = el("option", "", t(`conditions.${key}`));
      option.value = key;
      condition.append(option);
    }
    condition.value = "good";
    const error = el("p", "ba-note");
    error.setAttribute("role", "alert");
    form.append(
      el("p", "ba-note", t("intro", { provider })),
      field(t("year"), year),
      field(t("mileage"), mileage),
      field(t("condition"), condition),
      error,
      el("button", "ba-button", t("estimate")),
    );
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const y = Number(year.value.trim());
      const m = Number(mileage.value.trim().replace(/,/g, ""));
      if (!Number.isInteger(y) || y < minYear || y > maxYear) {
        error.textContent = t("invalidYear", { min: minYear, max: maxYear });
        return;
      }
      if (!Number.isInteger(m) || m < 0) {
        error.textContent = t("invalidMileage");
        return;
      }
      showResult(y, m, condition.value);
    });
    root.replaceChildren(form);
  }

  function showResult(year, mileage, condition) {
    const { low, high } = estimate({ baseValue: Number(feature.baseValue) || 0, year, mileage, condition });
    const result = el("div", "ba-form");
    result.setAttribute("data-trade-in", "result");
    const exact = el("button", "ba-button", t("exact", { provider }));
    exact.type = "button";
    exact.addEventListener("click", () => openLink(String(feature.link || "")));
    const again = el("button", "ba-button ba-button-secondary", t("again"));
    again.type = "button";
    again.addEventListener("click", showForm);
    result.append(
      el("p", "ba-note", t("result", { year, mileage: mileage.toLocaleString(lang) })),
      el("h3", "", t("range", { low: money.format(low), high: money.format(high) })),
      exact,
      again,
    );
    if (feature.disclaimer) result.append(el("p", "ba-note", String(feature.disclaimer)));
    root.replaceChildren(result);
  }

  showForm();
  return () => root.replaceChildren();
}
