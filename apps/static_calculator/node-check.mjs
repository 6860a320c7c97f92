// The same Pyodide in node: the built page's interpreter and wheels, checked against the engine.
//
//   node node-check.mjs BUILD_DIR hands HANDS.json   scores of the hands given (by Pyodide and by
//                                                     the page's first-paint count), as JSON
//   node node-check.mjs BUILD_DIR distribution       how many of all 12,994,800 hands (and cribs)
//                                                     score 0..29, each kind of hand counted in Pyodide
//
// HANDS.json is [[card codes x5 (the starter last), crib], ...]. tests/test_static_calculator_node.py
// compares both with the engine run by CPython; it prints the seconds each part took.
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadPyodide } from "./node_modules/pyodide/pyodide.mjs";

const [build, mode, handsFile] = process.argv.slice(2);
const started = performance.now();
const pyodide = await loadPyodide({ indexURL: resolve(build, "pyodide") + "/" });
const data = readFileSync(join(build, "page-data.js"), "utf8");
for (const wheel of JSON.parse(data.match(/self\.CC_DATA = (.*);\n/)[1]).wheels) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(join(build, "wheels", wheel))), "wheel");
}
const loaded = (performance.now() - started) / 1000;

const out = { load_seconds: loaded };
if (mode === "hands") {
  const hands = JSON.parse(readFileSync(handsFile, "utf8"));
  pyodide.globals.set("hands_json", JSON.stringify(hands));
  const t0 = performance.now();
  out.python = JSON.parse(pyodide.runPython(`
import json
from cribbage import Card, hand_total, score_hand
out = []
for codes, crib in json.loads(hands_json):
    five = [Card.parse(code) for code in codes]
    score = score_hand(five[:4], five[4], crib=crib)
    out.append([score.total, hand_total(five[:4], five[4], crib=crib),
                [[g.kind, [c.code for c in g.cards], g.points] for g in score.groups()]])
json.dumps(out)
`));
  out.python_seconds = (performance.now() - t0) / 1000;
  // The first paint's count (first-paint.js), run here without a page.
  globalThis.CC_WORDS = {};
  globalThis.CC_DATA = {};
  new Function(readFileSync(join(build, "first-paint.js"), "utf8"))();
  const { card, scoreGroups } = globalThis.CCScore;
  const t1 = performance.now();
  out.first_paint = hands.map(([codes, crib]) => {
    const five = codes.map(card);
    const groups = scoreGroups(five.slice(0, 4), five[4], crib);
    return [groups.reduce((sum, g) => sum + g.points, 0), groups.map((g) => [g.kind, g.cards.map((c) => c.code), g.points])];
  });
  out.first_paint_seconds = (performance.now() - t1) / 1000;
} else if (mode === "distribution") {
  // A hand's count with its starter does not change when the suits are renamed (flushes and nobs
  // ask only whether suits are the same), so all 270,725 hands are sorted here into classes of
  // hands that are one another with the suits renamed, counted; Pyodide counts one hand of each
  // class with every one of its 48 starters, times the hands in its class: every hand's count,
  // found by scoring each kind of hand once (about 700,000 counts, not 13 million).
  const t0 = performance.now();
  const permutations = [];
  const permute = (done, left) => left.length === 0 ? permutations.push(done)
    : left.forEach((suit, i) => permute([...done, suit], left.filter((_, j) => j !== i)));
  permute([], [0, 1, 2, 3]);
  const classes = new Map();  // the class's smallest key -> [a hand of it, how many hands]
  for (let a = 0; a < 52; a++) for (let b = a + 1; b < 52; b++)
    for (let c = b + 1; c < 52; c++) for (let d = c + 1; d < 52; d++) {
      let smallest = Infinity;
      for (const rename of permutations) {
        // A card is rank * 4 + suit (the engine's FULL_DECK order).
        const cards = [a, b, c, d].map((card) => card - (card % 4) + rename[card % 4]).sort((x, y) => x - y);
        const key = ((cards[0] * 52 + cards[1]) * 52 + cards[2]) * 52 + cards[3];
        if (key < smallest) smallest = key;
      }
      const found = classes.get(smallest);
      if (found) found[1] += 1; else classes.set(smallest, [[a, b, c, d], 1]);
    }
  pyodide.globals.set("classes_json", JSON.stringify([...classes.values()]));
  out.classes = classes.size;
  out.distribution = JSON.parse(pyodide.runPython(`
import json
from cribbage import FULL_DECK, hand_total
hand = [0] * 30
crib = [0] * 30
for indices, weight in json.loads(classes_json):
    four = [FULL_DECK[i] for i in indices]
    flush = four[0].suit == four[1].suit == four[2].suit == four[3].suit
    for starter in FULL_DECK:
        if starter in four:
            continue
        total = hand_total(four, starter)
        hand[total] += weight
        # Only a flush of four in the hand scores differently in a crib.
        crib[hand_total(four, starter, crib=True) if flush else total] += weight
json.dumps({"hand": hand, "crib": crib})
`));
  out.distribution_seconds = (performance.now() - t0) / 1000;
} else {
  console.error("usage: node node-check.mjs BUILD_DIR (hands HANDS.json | distribution)");
  process.exit(2);
}
process.stdout.write(JSON.stringify(out) + "\n");
