// Package abgame is the A-B game (CodeChef ABGAME) in one place: its
// rules, parser, moves and their notation, the canonical form packed into
// a solver.State (the facing pairs side by side), the formula (facing
// pairs are reserve moves of one owner or Nim heaps of both; more reserve
// moves win, equal reserves leave it to the Nim sum) with its linear move
// finder, the judge with its branch-free scan, the explanation steps and
// hint ladder, and the picture layout. Game implements solver.Game,
// explain.Teacher and render.Drawer.
package abgame
