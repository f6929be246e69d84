// Package explain turns a solved position (a solver.Result) into text a
// student can follow, every sentence on the student's own numbers:
//
//   - Summary, the short reply: the two or three facts of this position
//     that decide it, how to find the move, a line of best play and the
//     rule as it applies here, in about 120 words for a small position;
//     Short adds MoveStep, the move in the student's numbering.
//   - Explain, the full reasoning: each idea of the solution applied to
//     this position, then "Finding the move" (the target, which gap, heap,
//     run or stack reaches it, the value after, every winning move by
//     kind) and the verdict. LessonFor's Rule picks the steps that teach
//     the rule, for a "Why?" button.
//   - Hints, a graded ladder of five levels (ladder.go), each on this
//     position: a question whose answer decides it, that fact worked out
//     (then the student may submit a verdict, CheckVerdict), the verdict,
//     where to look, the move; no level gives away more than the next
//     needs.
//   - Why, why a move is wrong or slower, compared with another move by
//     outcome then by remoteness; MoveTable, every move's value.
//
// # Claims
//
// Every fact a reply states about moves (a move's value, a comparison,
// the quickest or only move, the moves that keep the outcome, who wins,
// that no move wins) is a Claim in its Step (claim.go): computed once,
// its sentence only its rendering. Package games/gametest checks every
// claim of every surface against exhaustive search on every small
// position of every game.
//
// The move the text teaches follows the strategy it teaches (plan.go):
// LocalMove and Recommend give it, and where every move loses Recommend
// gives the slowest loss, by the engine's search where it reaches.
//
// The package is the framework: each game writes its own steps as an
// explain.Teacher in its package under games/, with the helpers here
// (capped lists, inline code, XOR sentences, grammar). The text is plain
// with light markdown (bold and `code`) and bullet lines starting with
// "- ", so it reads well in Discord and in a terminal. Options.MaxItems
// caps long lists ("… and 41 more"), writing only the items shown.
//
// # Caching
//
// Summary, Explain, the rule and Hints depend only on Key(r.Position) and the
// Options, so LessonFor keeps them in a Cache per key. Two positions with
// the same key are the same game for the explanation: for binim the key
// ignores the order of the stacks, and for binstring it keeps only the
// mover's lead in 0s. A Teacher explains the canonical position and maps
// its move back to the student's numbering (LocalMove); MoveStep, Why and
// MoveTable are per position and not cached.
package explain
