//go:build race

package main

// raceEnabled reports whether the race detector is on: it slows the
// handlers tenfold, too much for the memory test's thousands of positions.
const raceEnabled = true
