// Bot levels in plain words, always in this order; a kind a game names otherwise is shown by its name, after these.
// Shared by the lobby's level choice and the home page's "Practice against bots".

export const LEVELS = {
  random: { name: "Easy", about: "Easy bots play any allowed move at random: good for learning the rules." },
  basic: { name: "Normal", about: "Normal bots follow simple rules of thumb and answer at once." },
  hard: {
    name: "Hard",
    about: "Hard bots think ahead, trying out the ways the hidden cards could lie; each move takes up to a second.",
  },
};

export const EASIEST = "random"; // the level a guided first game is played against

export function levelOrder(kinds) {
  const known = Object.keys(LEVELS).filter((kind) => kinds.includes(kind));
  return [...known, ...kinds.filter((kind) => !(kind in LEVELS))];
}
