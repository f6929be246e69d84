package commands

// The tests play every game, so they register them as the binary does.
import _ "github.com/nimtutor/nimtutor/games/all"
