// A personal on/off setting kept in this browser for every table (auto-continue, auto-pass). When the browser
// refuses localStorage, the setting lasts as long as the page.

export function browserSetting(key) {
  let fallback = false;
  return {
    on() {
      try {
        return localStorage.getItem(key) === "on";
      } catch {
        return fallback;
      }
    },
    set(on) {
      fallback = Boolean(on);
      try {
        localStorage.setItem(key, on ? "on" : "off");
      } catch {
        // kept in memory only
      }
    },
  };
}
