// Package explain turns a solved position (a solver.Result) into text a
// student can follow: an explanation as an ordered list of steps, each
// applying one idea of the solution to this very position with its
// numbers, and a hint ladder that starts with a nudge and only reveals the
// verdict and the move at its last level.
//
// The text is plain with light markdown (bold and `code`) and bullet
// lines starting with "- ", so it reads well in Discord and in a terminal.
// Options.MaxItems caps long lists ("… and 41 more") and shortens long
// stacks and rows; 0 shows everything, as the CLI wants.
//
// # Caching and stack numbers
//
// Explain and Hints depend only on Key(r.Position) and the Options, so a
// caller may cache their output per key. Two positions with the same key
// are the same game for the explanation: for binim and binim2 the key
// ignores the order of the stacks, and for binstring it keeps only the
// mover's lead in 0s already held, not the two counts.
//
// For binim and binim2 this is done by building the explanation on the
// canonical position, the stacks sorted, and by naming stacks by their
// content ("take 1 from the stack `010`"), never by their number. The
// winning move stated there is the solver's move for the sorted position.
// LocalMove maps that same move back to the stack numbers of the student's
// own position, and MoveStep states it as a step; MoveStep is cheap and is
// not meant to be cached by Key. For the other games the explanation is
// built on the position itself and LocalMove is simply r.Move.
//
// The package is pure: it imports the solver and the standard library
// only. A new game is one new file with an explainer and one line in the
// registry in explain.go.
package explain
