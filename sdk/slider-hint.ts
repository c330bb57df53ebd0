/**
 * The slider hint shows once per device (spec §4): once hidden (first mouse-over or touch) it is remembered
 * per app in localStorage, under the widget's own `brand-app:{appId}:` prefix.
 */
const key = (appId: string) => `brand-app:${appId}:slider-hint-seen`;

export function sliderHintSeen(appId: string): boolean {
  try {
    return localStorage.getItem(key(appId)) === "1";
  } catch {
    return false;
  }
}

export function rememberSliderHint(appId: string): void {
  try {
    localStorage.setItem(key(appId), "1");
  } catch {
    /* storage blocked: the hint shows again on the next page */
  }
}
