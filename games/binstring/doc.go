// Package binstring is the "fewest 0s" game in one place: players take
// turns removing a substring and keep what they remove; when the string
// is empty, fewer 0s win. It holds the rules, parser, moves and their
// notation, the canonical form packed into a solver.State (the string in
// its smaller direction, the mover's lead in 0s held), the formula (an
// even number of 0s ties; with an odd number the runs of 1s are Nim
// heaps) with its linear move finder, the judge, the explanation steps
// and hint ladder, and the picture layout. Game implements solver.Game,
// explain.Teacher and render.Drawer.
package binstring
