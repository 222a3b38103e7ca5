// When what the table shows changes in kind, the game comes into view. A button pressed far down the page (Start
// under the lobby's options, Hire at the foot of a long catalogue) leaves the page scrolled where it was, and what
// replaces the lobby or the builder is shorter: a phone opened the game 600 px down, a laptop showed an empty column.
//
// A scene is the table's status plus, if the renderer says (`scene(message)`), the game's own stage, e.g. Raiding
// Parties' "build", "hired" and "play". The first drawing counts as a change too, so a reload opens on the game.

const NEAR_TOP = 1 / 3; // a table starting in the top third of the window is where a person looks already

export function createSceneWatch(section) {
  let last = null;
  return function drawn(scene) {
    if (scene === last) return;
    last = scene;
    const top = section.getBoundingClientRect().top;
    if (top >= 0 && top < window.innerHeight * NEAR_TOP) return;
    const at = window.scrollY + top;
    // Near the top of the page the header comes along (the table's name and status line); else the table's top edge.
    window.scrollTo({ top: at < window.innerHeight * NEAR_TOP ? 0 : at, behavior: "auto" });
  };
}
