package store

import (
	"context"
	"errors"
	"slices"
	"time"
)

// GameRecord is one game against the bot: where it started, who the
// learner plays, and every move so far, each as the two numbers a person
// types ("5 4"). Replaying the moves from the start rebuilds the game.
type GameRecord struct {
	ID    string `json:"id"`
	User  string `json:"-"`
	Guild string `json:"guild,omitempty"`
	Game  string `json:"game"`
	// Start is the starting position's text and StartMover who moved first.
	Start      string   `json:"start"`
	StartMover int      `json:"start_mover"`
	Side       int      `json:"side"`
	Moves      []string `json:"moves"`
	// Result is "" while the game goes on, then "won", "lost" or "tie".
	Result  string    `json:"result,omitempty"`
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
}

// SaveGame writes a game, creating it or replacing its moves and result.
func (s *Store) SaveGame(ctx context.Context, g GameRecord) error {
	moves, err := jsonList(g.Moves)
	if err != nil {
		return err
	}
	now := s.now().UnixMilli()
	return s.Update(ctx, func(tx *Tx) error {
		if err := tx.touchUser(g.User); err != nil {
			return err
		}
		if err := tx.JoinGuild(g.Guild, g.User); err != nil {
			return err
		}
		return tx.exec(`INSERT INTO games (game_id, user_id, guild_id, game, start, start_mover, side, moves, result, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
			ON CONFLICT (game_id) DO UPDATE SET moves = excluded.moves, result = excluded.result, updated_at = excluded.updated_at`,
			g.ID, g.User, g.Guild, g.Game, g.Start, g.StartMover, g.Side, moves, g.Result, now)
	})
}

const gameCols = `game_id, user_id, guild_id, game, start, start_mover, side, moves, result, created_at, updated_at`

func scanGame(row scanner) (GameRecord, error) {
	var g GameRecord
	var moves string
	var created, updated int64
	if err := row.Scan(&g.ID, &g.User, &g.Guild, &g.Game, &g.Start, &g.StartMover, &g.Side, &moves, &g.Result, &created, &updated); err != nil {
		return g, err
	}
	g.Created, g.Updated = fromMillis(created), fromMillis(updated)
	var err error
	g.Moves, err = parseList(moves, "a game's moves")
	return g, err
}

// Game returns one game, or ErrNotFound.
func (s *Store) Game(ctx context.Context, id string) (GameRecord, error) {
	g, err := scanGame(s.queryRow(ctx, `SELECT `+gameCols+` FROM games WHERE game_id = $1`, id))
	return one(g, err, "game")
}

// Games returns the learner's most recent games, newest first.
func (s *Store) Games(ctx context.Context, user string, limit int) ([]GameRecord, error) {
	return queryAll(ctx, s, "games", scanGame, `SELECT `+gameCols+` FROM games WHERE user_id = $1 ORDER BY updated_at DESC, game_id LIMIT $2`, user, limit)
}

// ErrGameMoved reports that a game's stored moves are not the ones a
// writer started from: another click got there first.
var ErrGameMoved = errors.New("store: the game has moved on")

// AppendMoves adds moves to a game whose stored moves are exactly have,
// and sets its result, in one transaction: ReplaceMoves with have
// followed by add.
func (s *Store) AppendMoves(ctx context.Context, id string, have, add []string, result string) error {
	return s.ReplaceMoves(ctx, id, have, slices.Concat(have, add), result)
}

// ReplaceMoves sets the moves and the result of a game whose stored
// moves are exactly have, in one transaction: a move adds to have, a
// take-back keeps a prefix of it. A second click on the same old board
// (or the same click delivered twice) finds the moves changed and gets
// ErrGameMoved, so no move is played or taken back twice.
func (s *Store) ReplaceMoves(ctx context.Context, id string, have, moves []string, result string) error {
	all, err := jsonList(moves)
	if err != nil {
		return err
	}
	return s.Update(ctx, func(tx *Tx) error {
		// Lock the row until the transaction ends: PostgreSQL's row lock;
		// an immediate SQLite transaction holds the database's already.
		query := `SELECT moves FROM games WHERE game_id = $1`
		if s.kind == Postgres {
			query += ` FOR UPDATE`
		}
		var stored string
		err := tx.queryRow(query, id).Scan(&stored)
		if _, err := one(stored, err, "game"); err != nil {
			return err
		}
		got, err := parseList(stored, "a game's moves")
		if err != nil {
			return err
		}
		if !slices.Equal(got, have) {
			return ErrGameMoved
		}
		return tx.exec(`UPDATE games SET moves = $2, result = $3, updated_at = $4 WHERE game_id = $1`, id, all, result, s.now().UnixMilli())
	})
}
