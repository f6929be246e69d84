package solver

import (
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
