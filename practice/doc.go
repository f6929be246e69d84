// Package practice is nimtutor's rated practice: puzzles made from the
// engine's positions, Glicko-2 ratings for learners and puzzles, hints,
// daily puzzles, progress, and the review of finished games.
//
// A puzzle is a position where the player to move wins and must find a
// winning move. Its id names the game and a seed, and the same id always
// gives the same position. Its themes name the ideas of the solution it
// needs, and its first rating is estimated from the position: its size,
// how few of its moves win, and how far the win is.
//
// The package uses the games (solver) and their explanations (explain)
// and keeps everything learners own in package store, so any number of
// processes can serve the same learners. It knows nothing of Discord.
package practice
