package main

// The binary offers every game: registering them is this import.
import _ "github.com/nimtutor/nimtutor/games/all"
