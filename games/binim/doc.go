// Package binim is Binary Nim in one place, both of its CodeChef
// problems: BINIM (normal play) and BINIM2 (misère). Stacks of 0s and 1s
// are written top first; Dee takes from stacks with 0 on top, Dum from
// stacks with 1 on top. The package holds the rules, parser, moves and
// their notation, the canonical form packed into a solver.State (the
// stacks sorted), the formulas (binim2: extra moves of stacks whose ends
// agree; binim: each player's moves) with their linear move finder, the
// judge, the explanation steps and hint ladders, and the picture layout.
// Binim and Binim2 implement solver.Game, explain.Teacher and
// render.Drawer.
package binim
