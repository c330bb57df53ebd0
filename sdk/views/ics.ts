import type { Event } from "../../schemas/index.ts";

/** RFC 5545 text: backslash, semicolon and comma escaped, newlines as \n. */
const text = (v: string) => v.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, "\\n");
const stamp = (t: number) =>
  new Date(t)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** Lines longer than 75 octets are folded (RFC 5545 §3.1); by characters here, which is stricter for ASCII. */
const fold = (line: string) => line.match(/.{1,73}/gu)?.join("\r\n ") ?? line;

/**
 * An event as an iCalendar file for the Calendar button (issue 6). Without a start the event starts now;
 * without an end it lasts an hour.
 */
export function eventToIcs(event: Event, opts: { now: number; appName?: string }): string {
  const start = event.from ? Date.parse(event.from) : opts.now;
  const end = event.to ? Date.parse(event.to) : start + 3_600_000;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${text(opts.appName ?? "Brand App")}//Promotions//EN`,
    "CALSCALE:GREGORIAN",
    "BEGIN:VEVENT",
    `UID:${text(event.id)}@brand-app`,
    `DTSTAMP:${stamp(opts.now)}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${text(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${text(event.description)}`] : []),
    ...(event.link ? [`URL:${text(event.link)}`] : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/** A file name safe on every OS. */
export const icsFileName = (event: Event) =>
  `${event.title.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "") || "event"}.ics`;

/** Saves the .ics through a temporary link; the object URL is released right after. */
export function downloadIcs(event: Event, opts: { now: number; appName?: string }, doc: Document = document) {
  const url = URL.createObjectURL(new Blob([eventToIcs(event, opts)], { type: "text/calendar" }));
  const a = doc.createElement("a");
  a.href = url;
  a.download = icsFileName(event);
  a.rel = "noopener";
  a.style.display = "none";
  doc.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
