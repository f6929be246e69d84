// Package solver holds the games nimtutor teaches: their rules, parsers,
// move generators, the known formulas that decide them, and a generic
// memoised game-tree search that proves those formulas on small positions.
//
// Each game lives in its own file set (binim.go, abgame.go, adapwns.go,
// binstring.go and their tests) and is listed once in the registry in
// registry.go. The package is pure: it knows nothing of Discord, caches,
// the environment or the file system. The judge readers take an io.Reader
// and an io.Writer and nothing else.
package solver
