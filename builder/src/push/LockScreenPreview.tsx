import { lockScreenText } from "./logic.ts";

interface Props {
  appName: string;
  icon?: string;
  message: string;
  /** When the notification arrives (ISO); the lock screen shows this time. */
  at: string;
}

/** The message as a phone's lock screen shows it: the app's icon and name, the time, the body cut like iOS. */
export function LockScreenPreview({ appName, icon, message, at }: Props) {
  const when = new Date(at);
  const valid = !Number.isNaN(when.getTime());
  const clock = valid ? when.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" }) : "";
  const day = valid
    ? when.toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric" })
    : "";
  return (
    <figure className="push-lock-screen" aria-label="Lock screen preview">
      <div className="push-lock-clock" aria-hidden="true">
        <div className="push-lock-day">{day}</div>
        <div className="push-lock-time">{clock.replace(/\s?[AP]M$/, "")}</div>
      </div>
      <div className="push-lock-card">
        <div className="push-lock-head">
          {icon ? <img src={icon} alt="" className="push-lock-icon" /> : <span className="push-lock-icon" />}
          <span className="push-lock-app">{appName}</span>
          <span className="push-lock-when">{clock}</span>
        </div>
        <p className="push-lock-message">{lockScreenText(message) || "Your message appears here"}</p>
      </div>
    </figure>
  );
}

/** The preview's look; plain CSS so the lazy page brings its own. */
export const LOCK_SCREEN_CSS = `
.push-lock-screen{margin:0;width:300px;min-height:420px;border-radius:36px;padding:28px 14px;
  background:linear-gradient(160deg,#1f3b63,#4a2a5e);color:#fff;box-shadow:0 8px 24px rgba(0,0,0,.25)}
.push-lock-clock{text-align:center;margin-bottom:24px}
.push-lock-day{font-size:14px;opacity:.9}
.push-lock-time{font-size:56px;font-weight:300;line-height:1.1}
.push-lock-card{background:rgba(245,245,245,.92);color:#111;border-radius:16px;padding:10px 12px}
.push-lock-head{display:flex;align-items:center;gap:6px;font-size:12px;color:#333}
.push-lock-icon{width:20px;height:20px;border-radius:5px;background:#ccc;object-fit:cover;display:inline-block}
.push-lock-app{font-weight:600;text-transform:uppercase;flex:1;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.push-lock-when{color:#444}
.push-lock-message{margin:6px 0 0;font-size:14px;line-height:1.3;white-space:pre-wrap;word-break:break-word}
.push-composer{display:flex;gap:32px;align-items:flex-start;flex-wrap:wrap}
.push-composer-form{flex:1 1 420px;max-width:640px}
.push-composer-side{flex:0 0 300px;position:sticky;top:16px}
.push-calendar-item{font-size:12px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;list-style:none}
.push-calendar-list{margin:0;padding:0}
.push-calendar-header{display:flex;align-items:center;gap:8px;padding:8px 0}
.push-calendar-month.ant-typography{margin:0;font-size:18px;min-width:170px;text-align:center}
.push-calendar .ant-picker-cell:not(.ant-picker-cell-in-view),
.push-calendar .ant-picker-cell:not(.ant-picker-cell-in-view) .ant-picker-calendar-date-value{color:#666}
`;
