// Package nim is Nim in one place, the root of every game nimtutor
// teaches: heaps of objects, a move takes any number from one heap. Nim
// is normal play (who cannot move loses) and Misere its misère sibling
// (who cannot move wins). The package holds the rules, parser, moves and
// their notation, the canonical form packed into a solver.State (the
// heaps sorted, empty ones dropped), the formulas (the XOR of the heaps;
// in misère play the ending with heaps of 1) with their linear move
// finder, the judge, the explanation steps and hint ladder, and the
// picture (each heap a column of its binary digits). Nim and Misere
// implement solver.Game, explain.Teacher and render.Drawer.
package nim
