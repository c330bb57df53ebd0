import { useEffect, useRef, useState } from "react";
import { useView } from "../context.ts";
import { mailHref, safeImage, telHref } from "../safe-url.ts";
import type { DirectoryMember } from "../types.ts";

/**
 * The app's staff directory, a group of Contact us when the app has staff members (issue 14): photo, name,
 * title and department, Call and Email; a signed-in customer picks their advisor (their new leads and
 * redemptions carry it), a visitor is offered Sign In. Nothing shows where the surface gives no directory
 * (the builder's preview, the promo) or the app has no staff.
 */
export function StaffDirectory() {
  const { t, endUser, staffDirectory, openScreen } = useView();
  const [members, setMembers] = useState<DirectoryMember[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  // The surface may pass a new function each render: the latest is read, the user decides when to load.
  const visitorLoad = useRef(staffDirectory);
  visitorLoad.current = staffDirectory;
  useEffect(() => {
    const load = endUser?.staffDirectory ?? visitorLoad.current;
    if (!load) return;
    let live = true;
    load().then(
      (list) => live && setMembers(list),
      () => live && setMembers(null),
    );
    return () => {
      live = false;
    };
  }, [endUser]);

  if (!members?.length) return null;
  const setAdvisor = endUser?.setAdvisor;
  const choose = async (member: DirectoryMember | null) => {
    if (!setAdvisor) return;
    setBusy(member?.id ?? "none");
    setNote(null);
    try {
      const { staffMemberId } = await setAdvisor(member?.id ?? null);
      setMembers((list) => list?.map((m) => ({ ...m, chosen: m.id === staffMemberId })) ?? list);
      setNote(member ? t("staff.saved", { name: member.name }) : t("staff.removed"));
    } catch {
      setNote(t("staff.failed"));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="ba-group ba-staff" aria-label={t("staff.title")}>
      <h3 className="ba-group-title">{t("staff.title")}</h3>
      <ul className="ba-rows">
        {members.map((m) => {
          const image = safeImage(m.image);
          const role = [m.title, m.department].filter(Boolean).join(" · ");
          const tel = m.phone ? telHref(m.phone) : undefined;
          const mail = m.email ? mailHref(m.email) : undefined;
          return (
            <li key={m.id} className={`ba-row ba-staff-member${m.chosen ? " ba-staff-chosen" : ""}`}>
              {image ? <img className="ba-group-image" src={image} alt="" /> : null}
              <span className="ba-row-text">
                <span className="ba-staff-name">{m.name}</span>
                {role ? <span className="ba-staff-role">{role}</span> : null}
                {m.chosen ? <span className="ba-staff-mine">{t("staff.yourAdvisor")}</span> : null}
              </span>
              {tel ? (
                <a
                  className="ba-button ba-button-small"
                  href={tel}
                  aria-label={`${t("contact.call")}: ${m.name}`}
                >
                  {t("contact.call")}
                </a>
              ) : null}
              {mail ? (
                <a
                  className="ba-button ba-button-small"
                  href={mail}
                  aria-label={`${t("contact.email")}: ${m.name}`}
                >
                  {t("contact.email")}
                </a>
              ) : null}
              {setAdvisor ? (
                <button
                  type="button"
                  className="ba-button ba-button-small"
                  disabled={busy !== null}
                  aria-label={`${m.chosen ? t("staff.remove") : t("staff.choose")}: ${m.name}`}
                  onClick={() => void choose(m.chosen ? null : m)}
                >
                  {m.chosen ? t("staff.remove") : t("staff.choose")}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {!endUser && openScreen ? (
        <button type="button" className="ba-button ba-button-small" onClick={() => openScreen("signIn")}>
          {t("staff.signIn")}
        </button>
      ) : null}
      {note ? (
        <p className="ba-note" role="status">
          {note}
        </p>
      ) : null}
    </section>
  );
}
