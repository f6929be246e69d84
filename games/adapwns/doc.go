// Package adapwns is Ada and the pawns (CodeChef ADAPWNS) in one place:
// its rules, parser, moves and their notation, the canonical form packed
// into a solver.State, the formula (the gaps before the pawns are a
// staircase; every other gap from the right counts, as a take-1-or-2 pile
// worth g mod 3) with its linear move finder, the judge, the explanation
// steps and hint ladder, and the picture layout. Game implements
// solver.Game, explain.Teacher and render.Drawer.
package adapwns
