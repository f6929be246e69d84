package store

import (
	"context"
	"errors"
	"time"
)

// StudySession is a mentor's run of puzzles in one server channel: the
// puzzles (practice puzzle ids), the open one (Current) and when its
// time runs out (Due). The record moves only by compare-and-set on
// Current (AdvanceSession), so two replicas never close one puzzle
// twice.
type StudySession struct {
	ID      string `json:"id"`
	Guild   string `json:"guild"`
	Channel string `json:"channel"`
	Starter string `json:"starter"`
	Game    string `json:"game"`
	// Puzzles are the ids of the session's puzzles, in order.
	Puzzles []string `json:"puzzles"`
	// Seconds is the time each puzzle is open.
	Seconds int `json:"seconds"`
	// Current is the index of the open puzzle; len(Puzzles) once over.
	Current int `json:"current"`
	// Opened is when the open puzzle was posted, Due when its time runs out.
	Opened time.Time `json:"opened"`
	Due    time.Time `json:"due"`
	// Status is SessionRunning, SessionOver or SessionStopped.
	Status string `json:"status"`
	// BotPosts says the app's bot user could post in the channel.
	BotPosts bool `json:"-"`
	// AppID, Token and TokenUntil are the session's latest interaction
	// (its start, a Join or an answer), whose follow-ups may carry a
	// message until TokenUntil; TokenPosts counts those sent with it.
	// Never exported.
	AppID      string    `json:"-"`
	Token      string    `json:"-"`
	TokenUntil time.Time `json:"-"`
	TokenPosts int       `json:"-"`
	Created    time.Time `json:"created"`
	Updated    time.Time `json:"updated"`
}

// The statuses of a study session.
const (
	SessionRunning = "running"
	SessionOver    = "over"
	SessionStopped = "stopped"
)

// SessionAnswer is one member's answer to one puzzle of a session.
type SessionAnswer struct {
	Session string `json:"session"`
	User    string `json:"-"`
	Puzzle  int    `json:"puzzle"`
	// Move is the move as its two numbers ("2 1").
	Move    string        `json:"move"`
	Correct bool          `json:"correct"`
	Elapsed time.Duration `json:"elapsed_ns"`
	At      time.Time     `json:"answered"`
	// Via is the answer's interaction, noted as the session's token
	// (AnswerSession); nil for none. Not stored with the answer.
	Via *SessionToken `json:"-"`
}

// ErrSessionRunning reports that a channel already has a running
// session; Session is that one.
type ErrSessionRunning struct{ Session StudySession }

func (e *ErrSessionRunning) Error() string {
	return "store: a study session is already running in channel " + e.Session.Channel
}

// ErrAnswered reports a member's second answer to one puzzle.
var ErrAnswered = errors.New("store: this member already answered this puzzle")

const sessionCols = `session_id, guild_id, channel_id, starter_user, game, puzzles, seconds, current, opened_at, due_at, status, bot_posts, app_id, token, token_until, token_posts, created_at, updated_at`

func scanSession(row scanner) (StudySession, error) {
	var s StudySession
	var puzzles string
	var opened, due, until, created, updated int64
	if err := row.Scan(&s.ID, &s.Guild, &s.Channel, &s.Starter, &s.Game, &puzzles, &s.Seconds, &s.Current, &opened, &due,
		&s.Status, &s.BotPosts, &s.AppID, &s.Token, &until, &s.TokenPosts, &created, &updated); err != nil {
		return s, err
	}
	s.Opened, s.Due, s.TokenUntil, s.Created, s.Updated = fromMillis(opened), fromMillis(due), fromMillis(until), fromMillis(created), fromMillis(updated)
	var err error
	s.Puzzles, err = parseList(puzzles, "a session's puzzles")
	return s, err
}

// CreateSession stores a new running session s, unless its channel has
// a running one: then it returns *ErrSessionRunning with that session
// and stores nothing. The partial unique index study_sessions_running
// settles two replicas starting one at once.
func (s *Store) CreateSession(ctx context.Context, ss StudySession) error {
	puzzles, err := jsonList(ss.Puzzles)
	if err != nil {
		return err
	}
	now := s.now().UnixMilli()
	err = s.Update(ctx, func(tx *Tx) error {
		running, err := scanSession(tx.queryRow(`SELECT `+sessionCols+` FROM study_sessions WHERE channel_id = $1 AND status = 'running'`, ss.Channel))
		if err == nil {
			return &ErrSessionRunning{Session: running}
		}
		if _, err := one(running, err, "session"); !errors.Is(err, ErrNotFound) {
			return err
		}
		if err := tx.touchUser(ss.Starter); err != nil {
			return err
		}
		if err := tx.JoinGuild(ss.Guild, ss.Starter); err != nil {
			return err
		}
		return tx.exec(`INSERT INTO study_sessions (`+sessionCols+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 0, $16, $16)`,
			ss.ID, ss.Guild, ss.Channel, ss.Starter, ss.Game, puzzles, ss.Seconds, ss.Current, ss.Opened.UnixMilli(), ss.Due.UnixMilli(),
			SessionRunning, ss.BotPosts, ss.AppID, ss.Token, ss.TokenUntil.UnixMilli(), now)
	})
	if err != nil && isUniqueViolation(err) {
		// Another replica's session won the index.
		if running, rerr := s.RunningSession(ctx, ss.Channel); rerr == nil {
			return &ErrSessionRunning{Session: running}
		}
	}
	return err
}

// StudySession returns one session, or ErrNotFound.
func (s *Store) StudySession(ctx context.Context, id string) (StudySession, error) {
	ss, err := scanSession(s.queryRow(ctx, `SELECT `+sessionCols+` FROM study_sessions WHERE session_id = $1`, id))
	return one(ss, err, "session")
}

// RunningSession returns the session running in channel, or ErrNotFound.
func (s *Store) RunningSession(ctx context.Context, channel string) (StudySession, error) {
	ss, err := scanSession(s.queryRow(ctx, `SELECT `+sessionCols+` FROM study_sessions WHERE channel_id = $1 AND status = 'running'`, channel))
	return one(ss, err, "session")
}

// DueSessions returns the running sessions whose open puzzle's time ran
// out at or before now and whose messages can still be posted without an
// interaction to answer (as the bot user, or through a token that lasts
// past now with fewer than maxTokenPosts follow-ups sent), oldest due
// first, at most limit. A session that cannot be posted to waits for a
// click and is left out, so such sessions never crowd out the rest.
func (s *Store) DueSessions(ctx context.Context, now time.Time, maxTokenPosts, limit int) ([]StudySession, error) {
	return queryAll(ctx, s, "due sessions", scanSession, `SELECT `+sessionCols+` FROM study_sessions
		WHERE status = 'running' AND due_at <= $1
		AND (bot_posts OR (token <> '' AND token_until > $1 AND token_posts < $2))
		ORDER BY due_at, session_id LIMIT $3`, now.UnixMilli(), maxTokenPosts, limit)
}

// AdvanceSession moves session id from its open puzzle from to next
// (posted at opened, due at due) with status, if it is still running at
// from: a compare-and-set, so of two replicas closing one puzzle only the
// first succeeds; the other gets ErrGameMoved. tokenPost counts one
// follow-up sent with the session's interaction token.
func (s *Store) AdvanceSession(ctx context.Context, id string, from, next int, status string, opened, due time.Time, tokenPost bool) error {
	posts := 0
	if tokenPost {
		posts = 1
	}
	return s.Update(ctx, func(tx *Tx) error {
		// The interaction token is a credential: it is cleared in the
		// statement that ends the session, and on any advance once it
		// has expired, so the table keeps no dead one.
		clear := func(col string) string {
			if status != SessionRunning {
				return "''"
			}
			return "CASE WHEN token_until <= $7 THEN '' ELSE " + col + " END"
		}
		res, err := tx.tx.ExecContext(tx.ctx, `UPDATE study_sessions SET current = $3, status = $4, opened_at = $5, due_at = $6, updated_at = $7,
			token_posts = token_posts + $8, app_id = `+clear("app_id")+`, token = `+clear("token")+`
			WHERE session_id = $1 AND current = $2 AND status = 'running'`, id, from, next, status, opened.UnixMilli(), due.UnixMilli(), s.now().UnixMilli(), posts)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 1 {
			return nil
		}
		var st string
		if _, err := one(st, tx.queryRow(`SELECT status FROM study_sessions WHERE session_id = $1`, id).Scan(&st), "session"); err != nil {
			return err
		}
		return ErrGameMoved
	})
}

// SessionToken is an interaction of a session whose follow-ups may
// carry the session's messages until Until.
type SessionToken struct {
	AppID, Token string
	Until        time.Time
}

// noteToken makes tok session id's interaction token, with no follow-up
// sent yet, if it lasts longer than the one stored.
func (t *Tx) noteToken(id string, tok *SessionToken) error {
	if tok == nil || tok.Token == "" {
		return nil
	}
	return t.exec(`UPDATE study_sessions SET app_id = $2, token = $3, token_until = $4, token_posts = 0
		WHERE session_id = $1 AND token_until < $4`, id, tok.AppID, tok.Token, tok.Until.UnixMilli())
}

// JoinSession makes user a member of running session id, waited for
// from its open puzzle on (a second join changes nothing), and notes the
// join's interaction token (tok, nil for none).
func (s *Store) JoinSession(ctx context.Context, id, user string, at time.Time, tok *SessionToken) error {
	return s.Update(ctx, func(tx *Tx) error {
		var st string
		var current int
		if _, err := one(st, tx.queryRow(`SELECT status, current FROM study_sessions WHERE session_id = $1`, id).Scan(&st, &current), "session"); err != nil {
			return err
		}
		if st != SessionRunning {
			return ErrGameMoved
		}
		if err := tx.noteToken(id, tok); err != nil {
			return err
		}
		return tx.joinSession(id, user, at, current)
	})
}

// joinSession adds user to session id's members in tx, waited for from
// puzzle from on (or from an earlier one, if they were already).
func (t *Tx) joinSession(id, user string, at time.Time, from int) error {
	if err := t.touchUser(user); err != nil {
		return err
	}
	return t.exec(`INSERT INTO session_members (session_id, user_id, joined_at, from_puzzle) VALUES ($1, $2, $3, $4)
		ON CONFLICT (session_id, user_id) DO UPDATE SET from_puzzle =
			CASE WHEN excluded.from_puzzle < session_members.from_puzzle THEN excluded.from_puzzle ELSE session_members.from_puzzle END`,
		id, user, at.UnixMilli(), from)
}

// AnswerSession records a's answer, if the session is running with
// a.Puzzle open (else ErrGameMoved) and the member has not answered it
// (else ErrAnswered); a member who had not joined is waited for from the
// next puzzle on. It returns how many members the puzzle waits for and
// how many of them have answered it, this answer included.
func (s *Store) AnswerSession(ctx context.Context, a SessionAnswer) (waited, answered int, err error) {
	err = s.Update(ctx, func(tx *Tx) error {
		query := `SELECT status, current FROM study_sessions WHERE session_id = $1`
		if s.kind == Postgres {
			query += ` FOR UPDATE`
		}
		var st string
		var current int
		if _, err := one(st, tx.queryRow(query, a.Session).Scan(&st, &current), "session"); err != nil {
			return err
		}
		if st != SessionRunning || current != a.Puzzle {
			return ErrGameMoved
		}
		var n int
		if err := tx.queryRow(`SELECT COUNT(*) FROM session_answers WHERE session_id = $1 AND user_id = $2 AND puzzle = $3`, a.Session, a.User, a.Puzzle).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return ErrAnswered
		}
		if err := tx.noteToken(a.Session, a.Via); err != nil {
			return err
		}
		if err := tx.joinSession(a.Session, a.User, a.At, a.Puzzle+1); err != nil {
			return err
		}
		if err := tx.exec(`INSERT INTO session_answers (session_id, user_id, puzzle, move, correct, elapsed_ms, answered_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			a.Session, a.User, a.Puzzle, a.Move, a.Correct, a.Elapsed.Milliseconds(), a.At.UnixMilli()); err != nil {
			return err
		}
		if err := tx.queryRow(`SELECT COUNT(*) FROM session_members WHERE session_id = $1 AND from_puzzle <= $2`, a.Session, a.Puzzle).Scan(&waited); err != nil {
			return err
		}
		return tx.queryRow(`SELECT COUNT(*) FROM session_answers a JOIN session_members m ON m.session_id = a.session_id AND m.user_id = a.user_id
			WHERE a.session_id = $1 AND a.puzzle = $2 AND m.from_puzzle <= $2`, a.Session, a.Puzzle).Scan(&answered)
	})
	return waited, answered, err
}

const answerCols = `session_id, user_id, puzzle, move, correct, elapsed_ms, answered_at`

func scanAnswer(row scanner) (SessionAnswer, error) {
	var a SessionAnswer
	var elapsed, at int64
	err := row.Scan(&a.Session, &a.User, &a.Puzzle, &a.Move, &a.Correct, &elapsed, &at)
	a.Elapsed, a.At = time.Duration(elapsed)*time.Millisecond, fromMillis(at)
	return a, err
}

// SessionAnswers returns every answer of session id, by puzzle, then
// time.
func (s *Store) SessionAnswers(ctx context.Context, id string) ([]SessionAnswer, error) {
	return queryAll(ctx, s, "session answers", scanAnswer, `SELECT `+answerCols+` FROM session_answers WHERE session_id = $1
		ORDER BY puzzle, answered_at, user_id`, id)
}

// SessionMembers returns the members of session id, in the order they
// joined.
func (s *Store) SessionMembers(ctx context.Context, id string) ([]string, error) {
	return queryAll(ctx, s, "session members", func(row scanner) (string, error) {
		var u string
		err := row.Scan(&u)
		return u, err
	}, `SELECT user_id FROM session_members WHERE session_id = $1 ORDER BY joined_at, user_id`, id)
}

// exportSessions puts the sessions user started into e (without the
// starter's interaction token).
func exportSessions(ctx context.Context, s *Store, user string, e *Export) (err error) {
	e.Sessions, err = queryAll(ctx, s, "sessions", scanSession, `SELECT `+sessionCols+` FROM study_sessions WHERE starter_user = $1 ORDER BY created_at, session_id`, user)
	return err
}

// exportSessionAnswers puts user's answers in study sessions into e.
func exportSessionAnswers(ctx context.Context, s *Store, user string, e *Export) (err error) {
	e.SessionAnswers, err = queryAll(ctx, s, "session answers", scanAnswer, `SELECT `+answerCols+` FROM session_answers WHERE user_id = $1
		ORDER BY answered_at, session_id, puzzle`, user)
	return err
}

// exportSessionMembers puts the sessions user joined into e.
func exportSessionMembers(ctx context.Context, s *Store, user string, e *Export) (err error) {
	e.SessionsJoined, err = queryAll(ctx, s, "sessions joined", func(row scanner) (string, error) {
		var id string
		err := row.Scan(&id)
		return id, err
	}, `SELECT session_id FROM session_members WHERE user_id = $1 ORDER BY joined_at, session_id`, user)
	return err
}
