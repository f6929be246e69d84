//go:build !race

package practice_test

// raceEnabled reports whether the race detector is on.
const raceEnabled = false
