// Writes fsrs/testdata/ts-fsrs.json: review sequences scheduled by
// ts-fsrs 5.4.2 (FSRS-6, the default parameters, no fuzz), the
// independent implementation that package fsrs is checked against.
//
//   dir=$(mktemp -d) && (cd $dir && npm install ts-fsrs@5.4.2) &&
//   NODE_PATH=$dir/node_modules node scripts/fsrs-vectors.mjs > fsrs/testdata/ts-fsrs.json
import { createRequire } from "node:module";
const require = createRequire(process.env.NODE_PATH + "/");
const f = require("ts-fsrs");

const s = f.fsrs(f.generatorParameters({ enable_fuzz: false }));
// A small deterministic generator (mulberry32), so the file is reproducible.
let seed = 20261126;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const sequences = [];
for (let k = 0; k < 200; k++) {
  let now = new Date(Date.UTC(2026, 0, 1, Math.floor(rand() * 24), Math.floor(rand() * 60)));
  let card = f.createEmptyCard(now);
  const steps = [];
  const n = 3 + Math.floor(rand() * 12);
  for (let i = 0; i < n; i++) {
    // Mostly on time, sometimes early or late, sometimes within minutes.
    if (i > 0) {
      const due = card.due.getTime();
      const x = rand();
      let at = due;
      if (x < 0.2) at = card.last_review.getTime() + Math.floor(rand() * 30) * 60e3;
      else if (x < 0.5) at = due + Math.floor((rand() - 0.3) * 10 * 864e5);
      at = Math.max(at, card.last_review.getTime());
      now = new Date(at);
    }
    const r = 1 + Math.floor(rand() * 4);
    card = s.next(card, now, r).card;
    steps.push({
      at: now.getTime(), rating: r, state: card.state, step: card.learning_steps,
      stability: card.stability, difficulty: card.difficulty, due: card.due.getTime(),
      reps: card.reps, lapses: card.lapses,
      retrievability_at_due: s.get_retrievability(card, card.due, false),
    });
  }
  sequences.push(steps);
}
process.stdout.write(JSON.stringify({ generator: "ts-fsrs 5.4.2, generatorParameters({enable_fuzz: false})", sequences }, null, 0) + "\n");
