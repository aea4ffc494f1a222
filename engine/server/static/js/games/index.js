// One renderer per game: board(view, ctx) draws the view; breakdown(view) the final scores.
import * as tindahan from "./tindahan.js";
import * as bastos from "./bastos.js";
import * as tanuki from "./tanuki.js";
import * as passion from "./passion.js";

export const RENDERERS = {
  "tindahan": tindahan, "bastos": bastos, "tanuki-market": tanuki, "fruit-passion": passion,
};
