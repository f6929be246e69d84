// Package learn holds nimtutor's lessons as data: topics made of short
// steps, each one sentence of idea, a small example position and an
// exercise ("who wins?", "which move?" or "what is it worth?"). Each
// step states its idea as a test on a position (Step.Has, written by the
// package that knows the game), with the verdict or the move the idea
// gives there; each exercise is made from a seed on a fresh random
// position that passes the test (exercise.go), and the tests check the
// idea's verdict and move against exhaustive search. Answers, clicked or
// typed, are checked by exhaustive search on the position, never against
// a stored key, and a wrong answer gets the reason on that position.
//
// The lessons on Nim, misère Nim, Sprague–Grundy values and staircase Nim
// use heap games of this package (heaps.go), searched exhaustively here;
// the lessons on the contest games use package solver's games and
// package explain's numbers. The package knows nothing of Discord.
package learn
