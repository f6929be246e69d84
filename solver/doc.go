// Package solver holds the games nimtutor teaches and the engine that
// proves their formulas: rules, parsers, move generators, the known
// formulas that decide them, judge readers, and a generic exhaustive
// search over packed integer states (Search) that returns each
// position's value with its remoteness.
//
// Each game lives in its own file set (binim.go, abgame.go, adapwns.go,
// binstring.go and their tests), including the codec that packs its
// canonical position into a State, and is listed once in the registry in
// registry.go. Verify runs the search over every small position and
// checks the formula's verdict and move on every state it reaches. The
// package is pure: it knows nothing of Discord, caches, the environment or
// the file system. The judge readers take an io.Reader and an io.Writer
// and nothing else.
package solver
