package solver

import (
	"strings"
)

// games is the registry: adding a game is one file set and one line here.
var games = []Game{Binim2, Binim, ABGame, Adapwns, BinString}

// Games returns every game, in the order they are listed to people.
func Games() []Game { return games }

// Lookup returns the game with the given name, ignoring case.
func Lookup(name string) (Game, error) {
	for _, g := range games {
		if strings.EqualFold(g.Name(), name) {
			return g, nil
		}
	}
	return nil, inputErr("game", "%q is not a game; choose one of %s", name, strings.Join(Names(), ", "))
}

// Names returns the names of every game.
func Names() []string {
	names := make([]string, len(games))
	for i, g := range games {
		names[i] = g.Name()
	}
	return names
}
