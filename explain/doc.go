// Package explain turns a solved position (a solver.Result) into text a
// student can follow: an explanation as an ordered list of steps, each
// applying one idea of the solution to this very position with its
// numbers, and a hint ladder that starts with a nudge and only reveals the
// verdict and the move at its last level.
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
// Explain and Hints depend only on Key(r.Position) and the Options, so
// LessonFor keeps them in a Cache per key. Two positions with the same
// key are the same game for the explanation: for binim the key ignores
// the order of the stacks, and for binstring it keeps only the mover's
// lead in 0s. A Teacher explains the canonical position and maps its move
// back to the student's numbering (LocalMove); MoveStep states it for the
// position as given and is not cached.
package explain
