// Package solver is nimtutor's engine: the types every game implements
// (Game, Position, Move), the registry that games/all fills, and the
// generic exhaustive search over packed integer states (Search) that
// returns each position's value with its remoteness, bounded by a
// context and a budget.
//
// Verify runs the search over every small position of a game and checks
// the game's formula on every state it reaches: the verdict and the
// formula's move. Oracle and Result.Reach put the search's move counts into
// replies where it reaches. The judge reader streams a problem's judge
// input. The package is pure and knows no game: it knows nothing of
// Discord, caches, the environment or the file system.
package solver
