// Package store keeps what nimtutor remembers about learners: practice
// ratings per game, puzzle ratings, every attempt, open puzzles and their
// hints, games against the bot with their moves, and which servers a
// learner practises in.
//
// It runs on SQLite (embedded, pure Go, the default: ./nimtutor.db) or on
// PostgreSQL when a DATABASE_URL is given, with one schema whose versioned
// migrations are embedded and applied at start-up. Every write is a
// transaction; the rows a write depends on are locked first (SELECT … FOR
// UPDATE on PostgreSQL, an immediate write transaction on SQLite), and a
// transaction that loses a conflict is retried, so several processes on one
// database never lose an update. Nothing a learner owns lives only in the
// memory of one process.
//
// The package knows nothing of Discord or of the games' rules: it stores
// names, numbers and texts that package practice gives it.
package store
