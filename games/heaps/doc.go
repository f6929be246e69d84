// Package heaps is nimtutor's game whose rule is part of the input: a
// position is a sum of terms, each a rule and its components, for example
// "octal 0.77: 70 71 200" or "kayles 5 + subtract(1,2) 4 + nim 3". The
// families are subtraction games, octal games by their Winning Ways code
// (Kayles, Dawson's Kayles, …), Nim, Wythoff's game, Moore's Nim_k,
// staircase Nim and Green Hackenbush on rooted trees.
//
// The package holds the rule parser, the values of each family with
// their proofs (the Grundy sequence of a heap rule by the mex recursion,
// its period and preperiod proven by the block-repeat argument for
// subtraction sets and by the octal periodicity theorem for octal codes;
// Wythoff's P-positions by the Beatty sequences; Moore's by binary digit
// sums modulo k+1; trees by the colon principle), the position and its
// moves, the state codec for the engine's search, the formula (XOR of
// the components' values) with its linear move finder, the explanation,
// the picture, the /check tests and the lesson. Every game value is
// tested against the plain recursion on all small positions.
package heaps
