package solver

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// The registry: every game nimtutor offers, in the order they are listed
// to people. Game packages are registered by package games/all, which
// the binary imports.
var (
	registryMu sync.RWMutex
	registry   []Game
)

// Register adds games to the registry. Registering a name twice panics,
// at start-up.
func Register(games ...Game) {
	registryMu.Lock()
	defer registryMu.Unlock()
	for _, g := range games {
		if slices.ContainsFunc(registry, func(h Game) bool { return h.Name() == g.Name() }) {
			panic(fmt.Sprintf("solver: game %q registered twice", g.Name()))
		}
		registry = append(registry, g)
	}
}

// Games returns every registered game, in the order they are listed to
// people.
func Games() []Game {
	registryMu.RLock()
	defer registryMu.RUnlock()
	return registry[:len(registry):len(registry)]
}

// Lookup returns the registered game with the given name, ignoring case.
func Lookup(name string) (Game, error) {
	for _, g := range Games() {
		if strings.EqualFold(g.Name(), name) {
			return g, nil
		}
	}
	return nil, Inputf("game", "%q is not a game; choose one of %s", name, strings.Join(Names(), ", "))
}

// Names returns the names of every registered game.
func Names() []string {
	games := Games()
	names := make([]string, len(games))
	for i, g := range games {
		names[i] = g.Name()
	}
	return names
}

// ParseFor is g.Parse, and when text is not a position of g but reads as
// a position of other games, the message says which: a student who
// typed a Nim position into /adapwns learns that it is one.
func ParseFor(g Game, text string, opts ParseOptions) (Position, error) {
	pos, err := g.Parse(text, opts)
	e, ok := errors.AsType[*Error](err)
	if !ok || e.Code != EInvalid || e.Field != "position" && e.Field != "rule" {
		return pos, err
	}
	var others []string
	for _, h := range Games() {
		o := ParseOptions{Long: opts.Long}
		if h.NeedsFirst() {
			o.First = h.PlayerName(0)
		}
		if h.Name() != g.Name() {
			if _, err := h.Parse(text, o); err == nil {
				others = append(others, h.Name())
			}
		}
	}
	if len(others) == 0 {
		return pos, err
	}
	return nil, &Error{Code: e.Code, Field: e.Field, Err: e.Err,
		Msg: fmt.Sprintf("%s (it reads as a position of %s: is that the game you meant?)", e.Msg, orList(others))}
}

// orList joins names as "a", "a or b", "a, b or c".
func orList(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
