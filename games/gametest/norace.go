//go:build !race

package gametest

// RaceEnabled reports whether the tests run under the race detector.
const RaceEnabled = false
